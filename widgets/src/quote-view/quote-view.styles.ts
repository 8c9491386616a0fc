import { css } from "lit"
import { componentStyles } from "../styles/component.styles.ts"

/** Styles of `<qk-quote-view>`: items in rows that stack on narrow screens, and the totals. */
export const styles = [
  componentStyles,
  css`
    :host {
      container-type: inline-size;
    }
    .header {
      display: flex;
      flex-wrap: wrap;
      align-items: baseline;
      gap: calc(var(--qk-spacing, 1rem) * 0.5);
      margin-bottom: var(--qk-spacing, 1rem);
    }
    h2 {
      margin: 0;
      font-size: 1.5em;
      line-height: 1.2;
      color: var(--qk-color-heading, inherit);
    }
    .number {
      color: var(--qk-color-muted, #57606a);
    }
    .badge {
      padding: 0.125rem 0.5rem;
      border-radius: 999px;
      border: 1px solid currentColor;
      font-size: 0.875em;
    }
    .notice,
    .message {
      margin: 0 0 var(--qk-spacing, 1rem);
      padding: calc(var(--qk-spacing, 1rem) * 0.75);
      border-radius: var(--qk-radius, 0.5rem);
      background: var(--qk-color-notice, #f3f4f6);
    }
    .error {
      color: var(--qk-color-danger, #b42318);
      background: var(--qk-color-danger-surface, #fef3f2);
    }
    .items {
      list-style: none;
      margin: 0;
      padding: 0;
    }
    .item {
      display: grid;
      grid-template-columns: auto 1fr auto;
      column-gap: calc(var(--qk-spacing, 1rem) * 0.75);
      align-items: start;
      padding: calc(var(--qk-spacing, 1rem) * 0.75) 0;
      border-bottom: 1px solid var(--qk-color-divider, #d0d7de);
    }
    .item > .text {
      grid-column: 1 / 3;
      min-width: 0;
    }
    .choosable > .text {
      grid-column: 2;
    }
    .item > .control {
      grid-column: 1;
    }
    .item > .price {
      grid-column: 3;
      text-align: end;
      white-space: nowrap;
    }
    h3 {
      margin: 0;
      font-size: 1em;
      font-weight: 600;
      color: var(--qk-color-heading, inherit);
    }
    .code {
      color: var(--qk-color-muted, #57606a);
      font-size: 0.875em;
    }
    .body {
      overflow-wrap: anywhere;
    }
    .body :is(p, ul) {
      margin: 0.25rem 0 0;
    }
    .body img,
    .body iframe {
      max-width: 100%;
      height: auto;
    }
    .body iframe {
      aspect-ratio: 16 / 9;
    }
    .body img {
      cursor: zoom-in;
    }
    .lightbox {
      max-width: 96vw;
      max-height: 96vh;
      padding: var(--qk-spacing, 1rem);
      border: 0;
      border-radius: var(--qk-radius, 0.5rem);
      text-align: center;
    }
    .lightbox::backdrop {
      background: rgb(0 0 0 / 0.7);
    }
    .lightbox-bar {
      display: flex;
      flex-wrap: wrap;
      gap: 0.5rem;
      align-items: center;
      justify-content: flex-end;
      margin-bottom: 0.5rem;
    }
    .lightbox-bar span {
      margin-inline-end: auto;
    }
    .lightbox img {
      max-width: 100%;
      max-height: 80vh;
    }
    .body a {
      color: var(--qk-color-link, var(--qk-color-primary, #0b5cad));
    }
    .control input {
      width: 1.25rem;
      height: 1.25rem;
      margin: 0.1rem 0 0;
      accent-color: var(--qk-color-primary, #0b5cad);
    }
    .price > span {
      display: block;
    }
    .qty {
      color: var(--qk-color-muted, #57606a);
      font-size: 0.875em;
    }
    .unselected .line-total {
      color: var(--qk-color-muted, #57606a);
      text-decoration: line-through;
    }
    .optional {
      color: var(--qk-color-muted, #57606a);
      font-size: 0.875em;
    }
    .term,
    .hint {
      display: block;
      color: var(--qk-color-muted, #57606a);
      font-size: 0.875em;
    }
    .hint.bad {
      color: var(--qk-color-danger, #b42318);
    }
    .quantity {
      font: inherit;
      width: 5.5rem;
      min-height: 2.25rem;
      padding: 0 0.5rem;
      border: 1px solid var(--qk-color-border, #6e7781);
      border-radius: var(--qk-radius, 0.5rem);
      background: var(--qk-color-surface, #fff);
      color: inherit;
      text-align: end;
    }
    .subtotal {
      font-weight: 600;
    }
    .totals {
      display: block;
      padding: var(--qk-spacing, 1rem) 0;
    }
    dl {
      margin: 0 0 0 auto;
      max-width: 24rem;
    }
    dl + dl {
      margin-top: var(--qk-spacing, 1rem);
    }
    .row {
      display: flex;
      justify-content: space-between;
      gap: var(--qk-spacing, 1rem);
      padding: 0.25rem 0;
    }
    dd {
      margin: 0;
      text-align: end;
      white-space: nowrap;
    }
    .grand {
      font-weight: 700;
      font-size: 1.125em;
      border-top: 1px solid var(--qk-color-divider, #d0d7de);
      padding-top: 0.5rem;
    }
    @container (max-width: 30rem) {
      .item {
        grid-template-columns: auto 1fr;
      }
      .item > .price {
        grid-column: 1 / 3;
        text-align: start;
        margin-top: 0.5rem;
        white-space: normal;
      }
      .choosable > .price {
        grid-column: 2;
      }
      dl {
        max-width: none;
      }
    }
  `
]
