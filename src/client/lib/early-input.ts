/**
 * What a person does on a prerendered page before its code has hydrated is kept (ADR 029).
 * The script below runs in <head>: it notes each field typed into while no React component owns it
 * yet (with its text), each button pressed before React has started, and keeps forms nobody owns
 * yet from submitting natively. `replayEarlyInput` then waits for each noted element to be
 * hydrated (the root at once, a part whose code loads later, such as the footer's newsletter
 * signup, when it arrives) and types the text again through the field's own change handler,
 * which normalises it, or presses the button.
 * Once React has started, a press on a part still loading is noted only when it submits a form
 * nobody owns yet (the footer's lazily loaded newsletter signup): other presses React replays.
 *
 * A field React has hydrated is not yet safe: until its component's effects have run
 * (react-hook-form subscribes in one), React takes a keystroke and then puts the old value back.
 * Under a busy, throttled CPU that lost what was typed in 6 loads of 10. A part with such fields
 * marks its root `data-settles` and calls `markSettled` from an effect (then `data-settled`).
 * Until then its fields are kept from React: the app's listener on the window, capturing, stops a
 * keystroke before React's listener on the document sees it, so the field keeps what the browser
 * typed, exactly as before hydration, and the replay types it again once the part has settled.
 * A noted field stays kept from React until the replay has typed its text (a keystroke React took
 * in between was overwritten by the older noted text), and a re-render that sets it back to the
 * form's empty value has the noted text put back before the next keystroke lands.
 */
interface EarlyInput {
  /** Fields typed into, each carrying its text in `__v`. */
  readonly i: Set<HTMLInputElement | HTMLTextAreaElement>;
  /** Buttons pressed, and forms submitted with no button (Enter in a field). */
  readonly c: Set<HTMLElement>;
  /** Set by the app: look again for noted elements that have been hydrated. */
  w?: () => void;
}

declare global {
  interface Window {
    __ol?: EarlyInput;
  }
}

// React keeps a component's props on its DOM node under `__reactProps$…` once it owns the node,
// and marks the root it hydrates with `__reactContainer$…`: the only way to see from outside what
// is hydrated. The script below tells them apart by their first letter after `__react`.
const PROPS_KEY = '__reactProps$';

/**
 * Runs in <head>, before anything can be typed (root.tsx puts it in the theme's script: one CSP
 * hash). Terse: it is part of every page's first round trip (ADR 019).
 */
export const EARLY_INPUT_SCRIPT = `(()=>{let d=document,e=self.__ol={i:new Set,c:new Set},h=(n,p)=>Object.keys(n).some(k=>k.startsWith("__react"+p)),o=(t,f)=>d.addEventListener(t,f,!0);o("input",({target:t})=>h(t,"P")||(t.__v=t.value,e.i.add(t),e.w?.()));o("click",({target:t})=>(t=t.closest?.("button"))&&!h(d,"C")&&e.c.add(t));o("submit",v=>h(v.target,"P")||(v.preventDefault(),e.c.add(v.submitter||v.target),e.w?.()))})()`;

/** How long noted elements are waited for: a part whose code has not come by then never will. */
const WAIT_MS = 60_000;

function isHydrated(node: Element): boolean {
  return Object.keys(node).some((key) => key.startsWith(PROPS_KEY));
}

/**
 * Types `value` into a hydrated field as a person would, so its onChange runs: the field is first
 * cleared through the element's own setter (which React watches), then given the text through the
 * prototype's setter (which it does not), and the input event shows React the change.
 */
function typeInto(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  field.value = '';
  showUnseenByReact(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Sets the field's text through the prototype's setter, which React's value tracking does not see. */
function showUnseenByReact(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
}

/** Elements seen hydrated at an earlier frame: their components' effects (subscriptions) have run. */
const settled = new WeakSet<Element>();
/** Fields whose noted text has been typed again: React has it, and handles them from then on. */
const replayed = new WeakSet<Element>();

type Field = (HTMLInputElement | HTMLTextAreaElement) & { __v?: string };

/** Marks the root of a part whose fields React turns keystrokes away from until its effects run. */
export const SETTLES_ATTRIBUTE = 'data-settles';
/** Set on that root by `useSettledMarker` once the part's effects have run. */
const SETTLED_ATTRIBUTE = 'data-settled';

/** Whether the field belongs to a part whose effects have not run yet (null: it is in no such part). */
function partUnsettled(node: Element): boolean | null {
  const part = node.closest(`[${SETTLES_ATTRIBUTE}]`);
  return part ? !part.hasAttribute(SETTLED_ATTRIBUTE) : null;
}

/**
 * Takes from `list` the elements hydrated since an earlier frame (dropping those no longer on the
 * page, and keeping those `waitsFor` holds back). A component's effects run after the frame that
 * hydrated it; a value typed before them would reach the form but not the field that shows it.
 */
function takeHydrated<T extends Element>(noted: T[] | Set<T>, waitsFor = (_node: T) => false): T[] {
  const ready: T[] = [];
  const waiting: T[] = [];
  for (const node of noted) {
    if (!node.isConnected) continue;
    const unsettled = partUnsettled(node);
    const hydratedEarlier = unsettled === false || (unsettled === null && settled.has(node));
    if (hydratedEarlier && !waitsFor(node)) ready.push(node);
    else {
      if (isHydrated(node)) settled.add(node);
      waiting.push(node);
    }
  }
  if (noted instanceof Set) {
    noted.clear();
    for (const node of waiting) noted.add(node);
  } else noted.splice(0, noted.length, ...waiting);
  return ready;
}

function formOf(pressed: HTMLElement): HTMLFormElement | null {
  return pressed instanceof HTMLFormElement ? pressed : ((pressed as HTMLButtonElement).form ?? null);
}

/** Whether `form` has a field whose noted text the replay has not typed again yet. */
function holdsNotedText(early: EarlyInput, form: HTMLFormElement | null): boolean {
  return form !== null && [...early.i].some((field) => field.form === form);
}

function press(pressed: HTMLElement): void {
  if (pressed instanceof HTMLFormElement) pressed.requestSubmit();
  else pressed.click();
}

/** Starts applying what was typed and pressed before hydration; call once, after the first commit. */
export function replayEarlyInput(): void {
  const early = window.__ol;
  if (!early || early.w) return;
  const deadline = performance.now() + WAIT_MS;
  let scheduled = false;
  const step = () => {
    scheduled = false;
    if (window.__ol !== early) return;
    for (const field of takeHydrated<Field>(early.i)) {
      // A box ticked before hydration is a press, not text: its click is replayed instead.
      if (field.type === 'checkbox' || field.type === 'radio') continue;
      // The noted text: the field shows it too unless hydration has put the old value back.
      replayed.add(field);
      typeInto(field, field.__v ?? field.value);
    }
    // A press waits for the text of its form: its handler reads the form's state.
    for (const pressed of takeHydrated(early.c, (node) => holdsNotedText(early, formOf(node)))) press(pressed);
    if (early.i.size + early.c.size > 0 && performance.now() < deadline) wake();
  };
  const wake = () => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(step);
  };
  early.w = wake;
  step();
}

/**
 * Keeps keystrokes into the hydrated fields of a part that has not settled from React (which would
 * put the old value back) and notes them for the replay, as it does for any field noted and not yet
 * typed again. Installed when the app's code first runs, before React hydrates anything; on the
 * window, capturing, so it runs before React's listener on the document.
 */
export function noteTypingUntilSettled(): void {
  const early = window.__ol;
  if (!early) return;
  const held = (target: EventTarget | null): target is Field => {
    if (!(target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement)) return false;
    // A box is pressed, not typed: React takes its click.
    if (target.type === 'checkbox' || target.type === 'radio') return false;
    if (window.__ol !== early || replayed.has(target) || !isHydrated(target)) return false;
    // A noted field stays noted until the replay has typed its text again: a keystroke React took
    // in between would be overwritten by the older noted text.
    return early.i.has(target) || partUnsettled(target) === true;
  };
  // A re-render (the panel's lists or the session arriving) sets a controlled field back to the
  // form's value while its noted text waits; the text is put back before the next keystroke lands.
  window.addEventListener(
    'beforeinput',
    ({ target: field }) => {
      if (!held(field) || field.__v === undefined || field.value === field.__v) return;
      showUnseenByReact(field, field.__v);
    },
    true,
  );
  window.addEventListener(
    'input',
    (event) => {
      const field = event.target;
      if (!held(field)) return;
      event.stopImmediatePropagation();
      field.__v = field.value;
      early.i.add(field);
      early.w?.();
    },
    true,
  );
  // A hydrated form submitted while a field's noted text waits would send the form's old state
  // (the footer's signup found '' invalid, then the replay's typing cleared the mark): the press is
  // held and made again by the replay, after the text.
  window.addEventListener(
    'submit',
    (event) => {
      const form = event.target;
      if (window.__ol !== early || !(form instanceof HTMLFormElement) || !isHydrated(form)) return;
      if (!holdsNotedText(early, form)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      early.c.add(event.submitter ?? form);
      early.w?.();
    },
    true,
  );
}

/** Marks a part's root (`data-settles`) settled once its effects have run: its fields are React's from then on. */
export function markSettled(root: Element | null): void {
  root?.setAttribute(SETTLED_ATTRIBUTE, '');
  window.__ol?.w?.();
}
