import { css } from "lit"

/**
 * What every quotekit element shares: the theme's custom properties with their defaults, box sizing, the
 * focus ring and the plain button. Each element adds its own styles after these.
 */
export const componentStyles = css`
  :host {
    box-sizing: border-box;
    display: block;
    max-width: 100%;
    color: var(--qk-color-text, #1f2328);
    font-family: var(--qk-font-family, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif);
    font-size: var(--qk-font-size, 1rem);
    line-height: 1.4;
  }
  :host([hidden]) {
    display: none;
  }
  *,
  *::before,
  *::after {
    box-sizing: inherit;
  }
  [hidden] {
    display: none !important;
  }
  :focus-visible {
    outline: 3px solid var(--qk-color-focus, var(--qk-color-primary, #0b5cad));
    outline-offset: 2px;
  }
  button {
    font: inherit;
    min-height: 2.5rem;
    padding: 0 calc(var(--qk-spacing, 1rem) * 0.75);
    border: 1px solid var(--qk-color-border, #6e7781);
    border-radius: var(--qk-radius, 0.5rem);
    background: var(--qk-color-surface, #fff);
    color: inherit;
    cursor: pointer;
  }
  button:disabled,
  button[aria-disabled="true"] {
    cursor: not-allowed;
    opacity: 0.6;
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
`
