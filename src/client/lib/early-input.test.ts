// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EARLY_INPUT_SCRIPT, markSettled, noteTypingUntilSettled, replayEarlyInput } from './early-input';

/** What React leaves on a node it owns (its props under `__reactProps$<random>`), and its handler. */
function hydrate(field: HTMLInputElement, onChange: (value: string) => void) {
  Object.assign(field, { '__reactProps$test': {} });
  field.addEventListener('input', () => onChange(field.value));
}

function type(field: HTMLInputElement, text: string) {
  field.value = text;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));

describe('input typed before the page is ready (ADR 029)', () => {
  let field: HTMLInputElement;
  let part: HTMLElement;

  beforeEach(() => {
    delete window.__ol;
    document.body.innerHTML = '<section data-settles><form><input id="imei" /></form></section><input id="other" />';
    part = document.querySelector('section') as HTMLElement;
    field = document.querySelector('#imei') as HTMLInputElement;
    // The head script runs before anything is typed, the app's listener when its code first runs.
    new Function(EARLY_INPUT_SCRIPT)();
    noteTypingUntilSettled();
  });

  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('notes text typed into a field nobody owns yet, and types it again once the field is hydrated', async () => {
    const other = document.querySelector('#other') as HTMLInputElement;
    type(other, '35-3');
    expect(window.__ol?.i.has(other)).toBe(true);
    const received: string[] = [];
    hydrate(other, (value) => received.push(value));
    replayEarlyInput();
    await frame();
    await frame();
    expect(received.at(-1)).toBe('35-3');
  });

  // Under a busy, throttled CPU keystrokes reached the IMEI field after React had hydrated it but
  // before the panel had subscribed to it in an effect: React took them and put the old value back.
  it('keeps keystrokes into a hydrated field from React until its part has settled, then types them again', async () => {
    const received: string[] = [];
    hydrate(field, (value) => received.push(value));
    replayEarlyInput();
    type(field, '3');
    type(field, '35-3');
    await frame();
    await frame();
    expect(received).toEqual([]);
    expect(field.value).toBe('35-3');
    markSettled(part);
    await frame();
    await frame();
    expect(received).toEqual(['35-3']);
  });

  it('leaves a settled part to React and notes nothing more', async () => {
    const received: string[] = [];
    hydrate(field, (value) => received.push(value));
    replayEarlyInput();
    markSettled(part);
    type(field, '35');
    expect(window.__ol?.i.size).toBe(0);
    expect(received).toEqual(['35']);
  });
});
