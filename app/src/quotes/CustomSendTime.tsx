/**
 * The email composer's custom send time: the app's date field (react-day-picker) and a select of times every 30
 * minutes (`QuickSend.customTimes`), read together as a wall time in the signed-in person's zone
 * (`QuickSend.WallTime`; the composer turns it into `send_at` with `QuickSend.instantOf`).
 *
 * The date field works in the browser's zone, so the chosen calendar date is handed to it as noon of that date
 * there and read back as a calendar date: the day picked is the day meant in the signed-in person's zone, whatever
 * the browser's zone. A time the clocks skip that night says when it goes instead (`QuickSend.skippedTo`).
 */
import * as DateFormat from "@quotekit/core/DateFormat"
import * as QuickSend from "@quotekit/core/QuickSend"
import { DateTime, Option } from "effect"
import { useId } from "react"
import { DateField } from "../datepicker/DateField.tsx"
import { useMessages } from "../page/useMessages.ts"
import { useAccount } from "../session/useAccount.ts"
import controls from "../theme/Controls.module.css"
import { dateStyle } from "./QuoteDetails.tsx"

/** The browser's zone, the one `DateField` reads and writes its days in. */
const browserZone = DateTime.zoneMakeLocal()
const NOON = 12 * 60

/** The custom fields' value: a date (null once cleared) and a time of day, minutes after midnight. */
export interface CustomTime {
  readonly date: DateFormat.CalendarDate | null
  readonly minutes: number
}

/** The date and time fields of a custom send time, with what is wrong with it (`problem`) under them. */
export const CustomSendTime = ({
  value,
  onChange,
  zone,
  problem
}: {
  readonly value: CustomTime
  readonly onChange: (value: CustomTime) => void
  /** The signed-in person's zone, the wall time is read in. */
  readonly zone: DateTime.TimeZone
  /**
   * Why the time cannot be sent ('Choose a time in the future.'): shown under the time, which is marked invalid,
   * once there is a date (without one, the date field asks for it).
   */
  readonly problem: Option.Option<string>
}) => {
  const m = useMessages()
  const id = useId()
  const style = dateStyle(useAccount().data?.account_signin.dateFormat)
  const { date, minutes } = value
  const skipped = date === null ? Option.none() : QuickSend.skippedTo({ date, minutes }, zone)
  const timeProblem = date === null ? Option.none() : problem
  const hintId = `${id}-hint`
  return (
    <div style={{ display: "flex", flexWrap: "wrap", gap: "var(--qk-space-3)", alignItems: "flex-start" }}>
      <DateField
        label={m.sendDate}
        value={date === null ? 0 : QuickSend.instantOf({ date, minutes: NOON }, browserZone)}
        onChange={(seconds) =>
          onChange({ date: seconds === 0 ? null : DateFormat.dateAt(seconds, browserZone), minutes })
        }
        emptyText={m.sendDateNone}
        clearText={m.clearDate}
        style={style}
        timeOfDay={NOON * 60}
        problem={date === null ? { tone: "error", text: m.sendDateNeeded } : undefined}
      />
      <div className={controls.field}>
        <label className={controls.label} htmlFor={`${id}-time`}>
          {m.sendTime}
        </label>
        <select
          id={`${id}-time`}
          name="send_time"
          className={controls.select}
          value={minutes}
          aria-invalid={Option.isSome(timeProblem) || undefined}
          aria-describedby={Option.isSome(timeProblem) || Option.isSome(skipped) ? hintId : undefined}
          onChange={(e) => onChange({ date, minutes: Number(e.currentTarget.value) })}
        >
          {QuickSend.customTimes.map((t) => (
            <option key={t} value={t}>
              {QuickSend.timeLabel(t)}
            </option>
          ))}
        </select>
        {Option.isSome(timeProblem) ? (
          <span id={hintId} className={controls.hintError} role="alert">
            {timeProblem.value}
          </span>
        ) : Option.isSome(skipped) ? (
          <span id={hintId} className={controls.hintWarning}>
            {m.sendTimeSkipped(QuickSend.timeLabel(skipped.value.minutes))}
          </span>
        ) : null}
      </div>
    </div>
  )
}
