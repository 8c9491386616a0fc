/**
 * The parts of QuickBooks' entities this package reads, as schemas (Intuit's names; numbers arrive as decimal
 * strings, see `Json`). Unknown members are ignored, so a newer minor version adding fields changes nothing.
 */
import { Schema } from "effect"

/** A reference to another entity (`{ "value": "42", "name": "..." }`). */
export const Ref = Schema.Struct({ value: Schema.String, name: Schema.optional(Schema.String) })

/** `GET companyinfo/{realmId}`: the company's name (shown as the connected organisation). */
export const CompanyInfo = Schema.Struct({
  CompanyName: Schema.String,
  Country: Schema.optional(Schema.String)
})

/** The answer of `GET companyinfo/{realmId}`. */
export const CompanyInfoAnswer = Schema.Struct({ CompanyInfo })

/** `GET preferences`: the home currency. */
export const PreferencesAnswer = Schema.Struct({
  Preferences: Schema.Struct({
    CurrencyPrefs: Schema.optional(Schema.Struct({ HomeCurrency: Schema.optional(Ref) }))
  })
})

/** A customer: its id, the unique `DisplayName` and the primary email. */
export const Customer = Schema.Struct({
  Id: Schema.String,
  DisplayName: Schema.String,
  PrimaryEmailAddr: Schema.optional(Schema.Struct({ Address: Schema.optional(Schema.String) }))
})
export type Customer = typeof Customer.Type

/** The answer of `POST customer`. */
export const CustomerAnswer = Schema.Struct({ Customer })

/** An invoice or credit memo, as far as finding and linking it goes. */
export const Transaction = Schema.Struct({
  Id: Schema.String,
  DocNumber: Schema.optional(Schema.String),
  PrivateNote: Schema.optional(Schema.String),
  TotalAmt: Schema.optional(Schema.String)
})
export type Transaction = typeof Transaction.Type

/** The answer of `POST invoice`. */
export const InvoiceAnswer = Schema.Struct({ Invoice: Transaction })
/** The answer of `POST creditmemo`. */
export const CreditMemoAnswer = Schema.Struct({ CreditMemo: Transaction })

/** One rate of a tax code's `SalesTaxRateList`. */
export const TaxRateDetail = Schema.Struct({
  TaxRateRef: Ref,
  /** `TaxOnAmount`, or `TaxOnAmountPlusTax` for a rate charged on the amount with the earlier taxes. */
  TaxTypeApplicable: Schema.optional(Schema.String),
  TaxOrder: Schema.optional(Schema.String)
})

/** A tax code: what a line's `TaxCodeRef` names. */
export const TaxCode = Schema.Struct({
  Id: Schema.String,
  Name: Schema.String,
  Active: Schema.optional(Schema.Boolean),
  Hidden: Schema.optional(Schema.Boolean),
  SalesTaxRateList: Schema.optional(Schema.Struct({ TaxRateDetail: Schema.optional(Schema.Array(TaxRateDetail)) }))
})
export type TaxCode = typeof TaxCode.Type

/** A tax rate: the percent (`RateValue`) a tax code's details refer to. */
export const TaxRate = Schema.Struct({
  Id: Schema.String,
  Name: Schema.String,
  RateValue: Schema.optional(Schema.String),
  Active: Schema.optional(Schema.Boolean)
})
export type TaxRate = typeof TaxRate.Type
