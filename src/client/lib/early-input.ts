/**
 * What a person does on a prerendered page before its code has hydrated is kept (ADR 029).
 * The script below runs in <head>: it notes each field typed into while no React component owns it
 * yet (with its text), each button pressed before React has started, and keeps forms nobody owns
 * yet from submitting natively. `replayEarlyInput` then waits for each noted element to be
 * hydrated (the root at once, the lazily loaded unlock panel when its code arrives) and types the
 * text again through the field's own change handler, which normalises it, or presses the button.
 * Once React has started it replays presses on parts still loading by itself, so only typing is
 * noted from then on.
 */
interface EarlyInput {
  /** Fields typed into, each carrying its text in `__v`. */
  readonly i: Set<HTMLInputElement | HTMLTextAreaElement>;
  /** Buttons pressed. */
  readonly c: HTMLElement[];
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
export const EARLY_INPUT_SCRIPT = `(()=>{let d=document,e=self.__ol={i:new Set,c:[]},h=(n,p)=>Object.keys(n).some(k=>k.startsWith("__react"+p)),o=(t,f)=>d.addEventListener(t,f,!0);o("input",({target:t})=>h(t,"P")||(t.__v=t.value,e.i.add(t),e.w?.()));o("click",({target:t})=>(t=t.closest?.("button"))&&!h(d,"C")&&e.c.push(t));o("submit",v=>h(v.target,"P")||v.preventDefault())})()`;

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
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Elements seen hydrated at an earlier frame: their components' effects (subscriptions) have run. */
const settled = new WeakSet<Element>();

/**
 * Takes from `list` the elements hydrated since an earlier frame (dropping those no longer on the
 * page). A component's effects run after the frame that hydrated it; a value typed before them
 * would reach the form but not the field that shows it.
 */
function takeHydrated<T extends Element>(noted: T[] | Set<T>): T[] {
  const ready: T[] = [];
  const waiting: T[] = [];
  for (const node of noted) {
    if (!node.isConnected) continue;
    if (settled.has(node)) ready.push(node);
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

/** Starts applying what was typed and pressed before hydration; call once, after the first commit. */
export function replayEarlyInput(): void {
  const early = window.__ol;
  if (!early || early.w) return;
  const deadline = performance.now() + WAIT_MS;
  let scheduled = false;
  const step = () => {
    scheduled = false;
    for (const field of takeHydrated(early.i)) {
      // A box ticked before hydration is a press, not text: its click is replayed instead.
      if (field.type === 'checkbox' || field.type === 'radio') continue;
      // The field still shows the latest text unless hydration has already reset it.
      typeInto(field, field.value || ((field as { __v?: string }).__v ?? ''));
    }
    for (const button of takeHydrated(early.c)) button.click();
    if (early.i.size + early.c.length > 0 && performance.now() < deadline) wake();
  };
  const wake = () => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(step);
  };
  early.w = wake;
  step();
}
