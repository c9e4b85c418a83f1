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
  readonly inputs: (HTMLInputElement | HTMLTextAreaElement)[];
  readonly clicks: HTMLElement[];
  /** Set by the app: look again for noted elements that have been hydrated. */
  wake?: () => void;
}

declare global {
  interface Window {
    __early?: EarlyInput;
  }
}

// React keeps a component's props on its DOM node under this prefix once it owns the node, and
// marks the root it hydrates with the second: the only way to see from outside what is hydrated.
const PROPS_KEY = '__reactProps$';
const ROOT_KEY = '__reactContainer$';

/** Runs in <head>, before anything can be typed; small, as it is part of every page's first round trip. */
export const EARLY_INPUT_SCRIPT = `(function(){var d=document,e=window.__early={inputs:[],clicks:[]};function has(n,p){return Object.keys(n).some(function(k){return k.indexOf(p)===0})}function on(t,f){d.addEventListener(t,f,!0)}on("input",function(v){var t=v.target;if(t.type==="checkbox"||t.type==="radio"||has(t,"${PROPS_KEY}"))return;t.__v=t.value;e.inputs.indexOf(t)<0&&e.inputs.push(t);e.wake&&e.wake()});on("click",function(v){var b=v.target.closest&&v.target.closest("button");b&&!has(d,"${ROOT_KEY}")&&e.clicks.push(b)});on("submit",function(v){has(v.target,"${PROPS_KEY}")||v.preventDefault()})})()`;

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
function takeHydrated<T extends Element>(list: T[]): T[] {
  const ready: T[] = [];
  const waiting: T[] = [];
  for (const node of list) {
    if (!node.isConnected) continue;
    if (settled.has(node)) ready.push(node);
    else {
      if (isHydrated(node)) settled.add(node);
      waiting.push(node);
    }
  }
  list.splice(0, list.length, ...waiting);
  return ready;
}

/** Starts applying what was typed and pressed before hydration; call once, after the first commit. */
export function replayEarlyInput(): void {
  const early = window.__early;
  if (!early || early.wake) return;
  const deadline = performance.now() + WAIT_MS;
  let scheduled = false;
  const step = () => {
    scheduled = false;
    for (const field of takeHydrated(early.inputs)) {
      // The field still shows the latest text unless hydration has already reset it.
      typeInto(field, field.value || ((field as { __v?: string }).__v ?? ''));
    }
    for (const button of takeHydrated(early.clicks)) button.click();
    if (early.inputs.length + early.clicks.length > 0 && performance.now() < deadline) wake();
  };
  const wake = () => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(step);
  };
  early.wake = wake;
  step();
}
