import { css } from "lit"
import { componentStyles } from "../styles/component.styles.ts"

/** Styles of `<qk-signature-pad>`: the method tabs, the 600:250 signing area and its actions. */
export const styles = [
  componentStyles,
  css`
    .tabs {
      display: flex;
      flex-wrap: wrap;
      gap: calc(var(--qk-spacing, 1rem) * 0.5);
      margin-bottom: calc(var(--qk-spacing, 1rem) * 0.5);
    }
    .tab {
      flex: 1 1 auto;
    }
    .tab[aria-selected="true"] {
      border-color: var(--qk-color-primary, #0b5cad);
      background: var(--qk-color-primary, #0b5cad);
      color: var(--qk-color-on-primary, #fff);
    }
    .area {
      position: relative;
      width: 100%;
      aspect-ratio: 600 / 250;
      /* a frame that takes no room, so the drawing surface keeps the area's exact 600:250 shape */
      box-shadow: inset 0 0 0 1px var(--qk-color-border, #6e7781);
      border-radius: var(--qk-radius, 0.5rem);
      background: var(--qk-signature-background, var(--qk-color-surface, #fff));
      overflow: hidden;
    }
    canvas {
      display: block;
      width: 100%;
      height: 100%;
      touch-action: none;
      cursor: crosshair;
      color: var(--qk-signature-ink, var(--qk-color-text, #1f2328));
      user-select: none;
      -webkit-user-select: none;
    }
    :host([disabled]) canvas,
    :host([readonly]) canvas {
      cursor: default;
    }
    .line {
      position: absolute;
      left: 6%;
      right: 6%;
      bottom: 22%;
      border-bottom: 1px dashed var(--qk-color-border, #6e7781);
      pointer-events: none;
    }
    .actions {
      display: flex;
      flex-wrap: wrap;
      justify-content: flex-end;
      gap: calc(var(--qk-spacing, 1rem) * 0.5);
      margin-top: calc(var(--qk-spacing, 1rem) * 0.5);
    }
    label {
      display: block;
      margin-bottom: 0.25rem;
    }
    input {
      font: inherit;
      width: 100%;
      min-height: 2.5rem;
      padding: 0 0.5rem;
      margin-bottom: calc(var(--qk-spacing, 1rem) * 0.5);
      border: 1px solid var(--qk-color-border, #6e7781);
      border-radius: var(--qk-radius, 0.5rem);
      background: var(--qk-color-surface, #fff);
      color: inherit;
    }
    .typed {
      display: flex;
      align-items: center;
      justify-content: center;
      padding: 0 5%;
      color: var(--qk-signature-ink, var(--qk-color-text, #1f2328));
      font-family: var(--qk-signature-font, "Dancing Script", "Brush Script MT", "Segoe Script", "Apple Chancery", cursive);
      font-size: clamp(1.75rem, 7vw, 3.25rem);
      white-space: nowrap;
      text-overflow: ellipsis;
    }
    .qr {
      display: flex;
      flex-direction: column;
      align-items: center;
      justify-content: center;
      gap: calc(var(--qk-spacing, 1rem) * 0.5);
      padding: calc(var(--qk-spacing, 1rem) * 0.5);
      text-align: center;
    }
    .qr img {
      width: auto;
      height: 70%;
      max-width: 100%;
      aspect-ratio: 1;
    }
    .hint {
      margin: 0;
      color: var(--qk-color-muted, #57606a);
      font-size: 0.875em;
    }
  `
]
