// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EARLY_INPUT_SCRIPT, markSettled, noteTypingUntilSettled, replayEarlyInput } from './early-input';

/** What React leaves on a node it owns (its props under `__reactProps$<random>`), and its handler. */
function hydrate(field: HTMLInputElement, onChange: (value: string) => void) {
  Object.assign(field, { __reactProps$test: {} });
  field.addEventListener('input', () => onChange(field.value));
}

function type(field: HTMLInputElement, text: string) {
  field.value = text;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** A keystroke at the end of the field, with the events a browser sends. */
function press(field: HTMLInputElement, key: string) {
  field.dispatchEvent(
    new InputEvent('beforeinput', { bubbles: true, cancelable: true, data: key, inputType: 'insertText' }),
  );
  type(field, field.value + key);
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

  // Under a busy CPU a keystroke landed after the part had settled but before the replay's frame:
  // React took the whole field, then the replay typed the older noted text over it, one digit short.
  it('keeps noting keystrokes into a noted field until its text has been typed again', async () => {
    const received: string[] = [];
    hydrate(field, (value) => received.push(value));
    replayEarlyInput();
    type(field, '35-3');
    markSettled(part);
    type(field, '35-33');
    await frame();
    await frame();
    expect(field.value).toBe('35-33');
    expect(received).toEqual(['35-33']);
  });

  it('keeps noting keystrokes into a field hydrated outside a settling part until it is typed again', async () => {
    const other = document.querySelector('#other') as HTMLInputElement;
    type(other, '35-3');
    const received: string[] = [];
    hydrate(other, (value) => received.push(value));
    replayEarlyInput();
    type(other, '35-33');
    await frame();
    await frame();
    expect(other.value).toBe('35-33');
    expect(received).toEqual(['35-33']);
  });

  // A re-render of the panel (its lists or the session arriving) sets the controlled field back to
  // the form's empty value while the noted text waits: the next keystroke landed in an empty field,
  // and the replay typed only what came after it ('569' of '35-332510 1234.56_9').
  it('puts the noted text back before a keystroke lands in a field a re-render has emptied', async () => {
    const received: string[] = [];
    hydrate(field, (value) => received.push(value));
    replayEarlyInput();
    for (const key of '35-3') press(field, key);
    field.value = '';
    for (const key of '32') press(field, key);
    markSettled(part);
    await frame();
    await frame();
    expect(field.value).toBe('35-332');
    expect(received).toEqual(['35-332']);
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

  // The footer's newsletter signup loads lazily after React has started: a press on Subscribe in
  // that gap reached no handler and was lost.
  describe('a form submitted before its code has come', () => {
    let form: HTMLFormElement;
    let email: HTMLInputElement;
    let button: HTMLButtonElement;
    const submitted: string[] = [];
    let keysSpy: { mockRestore(): void } | undefined;

    beforeEach(() => {
      // happy-dom's form is a Proxy whose own keys are only its controls' indices; a browser's form
      // lists its expandos too (WebIDL legacy platform objects), among them React's props key.
      const keys = Object.keys;
      keysSpy = vi
        .spyOn(Object, 'keys')
        .mockImplementation((target: object) =>
          target === form && '__reactProps$test' in form ? [...keys(target), '__reactProps$test'] : keys(target),
        );
      submitted.length = 0;
      document.body.insertAdjacentHTML(
        'beforeend',
        '<footer><form id="news"><input id="news-email" /><button type="submit">Subscribe</button></form></footer>',
      );
      form = document.querySelector('#news') as HTMLFormElement;
      email = document.querySelector('#news-email') as HTMLInputElement;
      button = form.querySelector('button') as HTMLButtonElement;
      // React has started: the root it hydrates carries its container mark.
      Object.assign(document, { __reactContainer$test: {} });
    });

    afterEach(() => {
      keysSpy?.mockRestore();
      delete (document as unknown as Record<string, unknown>)['__reactContainer$test'];
    });

    /** The lazily loaded form arrives: React owns its nodes, and its state follows the field. */
    function hydrateForm() {
      let value = '';
      for (const node of [form, button]) Object.assign(node, { __reactProps$test: {} });
      // React commits a discrete event's state update before it handles the next one (the press).
      hydrate(email, (typed) => {
        value = typed;
      });
      form.addEventListener('submit', (event) => {
        event.preventDefault();
        submitted.push(value);
      });
    }

    it('keeps the form from submitting natively, then submits it with the typed text once hydrated', async () => {
      type(email, 'jane@example.com');
      const event = new SubmitEvent('submit', { bubbles: true, cancelable: true, submitter: button });
      form.dispatchEvent(event);
      expect(event.defaultPrevented).toBe(true);
      expect([...(window.__ol?.c ?? [])]).toEqual([button]);
      replayEarlyInput();
      hydrateForm();
      for (let i = 0; i < 4; i++) await frame();
      expect(email.value).toBe('jane@example.com');
      expect(submitted).toEqual(['jane@example.com']);
    });

    // Fresh run 23: the journey typed into the prerendered field, its code came, and Subscribe was
    // pressed before the replay's frame: the form's state still held '', so the address was found
    // invalid, and the replay's typing then cleared the mark. A press waits for the noted text.
    it('holds a submission of a hydrated form until its noted text has been typed again', async () => {
      type(email, 'not-an-address');
      replayEarlyInput();
      hydrateForm();
      const event = new SubmitEvent('submit', { bubbles: true, cancelable: true, submitter: button });
      form.dispatchEvent(event);
      expect(event.defaultPrevented).toBe(true);
      expect(submitted).toEqual([]);
      for (let i = 0; i < 4; i++) await frame();
      expect(submitted).toEqual(['not-an-address']);
    });

    it('notes a press once when both its click and the submission are seen', () => {
      delete (document as unknown as Record<string, unknown>)['__reactContainer$test'];
      button.dispatchEvent(new MouseEvent('click', { bubbles: true }));
      form.dispatchEvent(new SubmitEvent('submit', { bubbles: true, cancelable: true, submitter: button }));
      expect(window.__ol?.c.size).toBe(1);
    });

    it('submits a form sent with Enter (no button) through requestSubmit', async () => {
      form.dispatchEvent(new SubmitEvent('submit', { bubbles: true, cancelable: true }));
      expect([...(window.__ol?.c ?? [])]).toEqual([form]);
      replayEarlyInput();
      hydrateForm();
      for (let i = 0; i < 4; i++) await frame();
      expect(submitted).toEqual(['']);
    });
  });
});
