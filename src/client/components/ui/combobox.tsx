import { Check, ChevronsUpDown, Search } from 'lucide-react';
import {
  memo,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent as ReactPointerEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { createPortal } from 'react-dom';
import { searchOptions } from '../../../domain/picker-search';
import { cn } from '~/lib/cn';

export interface ComboboxOption {
  readonly value: string;
  readonly label: string;
  /** Options with the same group are listed under that heading, in the order the groups first appear. */
  readonly group?: string;
  /** Secondary text at the end of the row, e.g. "44 countries". */
  readonly hint?: string | null;
  /** Other words the search should match, e.g. a country's code. */
  readonly keywords?: readonly string[];
  /** Other names the catalogue knows it by (aliases), found whole or by their start (picker-search.ts). */
  readonly aliases?: readonly string[];
  /** A small picture before the label, e.g. a flag; decorative. */
  readonly icon?: ReactNode;
}

export interface ComboboxProps {
  /** The trigger's id, for the field's label. */
  readonly id: string;
  /** The visible label's id, which names the trigger; the current choice is its content. */
  readonly labelId: string;
  readonly options: readonly ComboboxOption[];
  readonly selected: readonly string[];
  /** Single choice: the chosen value (or typed text). Multiple: the value to toggle. */
  readonly onSelect: (value: string) => void;
  readonly multiple?: boolean;
  /** What the trigger shows; the placeholder when null. */
  readonly display: string | null;
  readonly placeholder: string;
  readonly searchPlaceholder: string;
  readonly emptyText: string;
  /** Enter with no matching option picks the typed text. */
  readonly allowCustom?: boolean;
  readonly loading?: boolean;
  readonly disabled?: boolean;
  readonly invalid?: boolean;
  readonly required?: boolean;
  readonly describedBy?: string;
  readonly onBlur?: () => void;
  readonly ref?: Ref<HTMLButtonElement>;
  readonly className?: string;
}

function groupOptions(
  options: readonly ComboboxOption[],
): { heading: string | undefined; options: ComboboxOption[] }[] {
  const groups = new Map<string | undefined, ComboboxOption[]>();
  for (const option of options) groups.set(option.group, [...(groups.get(option.group) ?? []), option]);
  return [...groups].map(([heading, grouped]) => ({ heading, options: grouped }));
}

/** Space between the field and its list, and the least room kept between the list and the screen's edge. */
const GAP_PX = 4;
const EDGE_PX = 8;
/** Below the field unless there is less room than this there and more above it. */
const ROOM_WANTED_PX = 240;
/** How far a press may move and still be a press on the row it began on, not a drag. */
const PRESS_SLOP_PX = 8;
const OPTION_ROW = '[data-slot="combobox-option"]';

interface Placement {
  readonly side: 'top' | 'bottom';
  readonly style: CSSProperties;
}

/**
 * Where the open list goes: under the field (or over it when there is more room there), as wide as
 * the field, never taller than the room on screen. Document coordinates, so the page scrolling by
 * itself (focus, a row brought into view) carries the list with its field.
 */
function placeBeside(trigger: HTMLElement): Placement {
  const field = trigger.getBoundingClientRect();
  const below = window.innerHeight - field.bottom - GAP_PX - EDGE_PX;
  const above = field.top - GAP_PX - EDGE_PX;
  const side = below >= ROOM_WANTED_PX || below >= above ? 'bottom' : 'top';
  return {
    side,
    style: {
      position: 'absolute',
      left: field.left + window.scrollX,
      width: field.width,
      top: (side === 'bottom' ? field.bottom + GAP_PX : field.top - GAP_PX) + window.scrollY,
      translate: side === 'bottom' ? undefined : '0 -100%',
      maxHeight: Math.max(side === 'bottom' ? below : above, 0),
    },
  };
}

const samePlace = (a: Placement, b: Placement) =>
  a.side === b.side &&
  a.style.top === b.style.top &&
  a.style.left === b.style.left &&
  a.style.width === b.style.width &&
  a.style.maxHeight === b.style.maxHeight;

interface OptionRowProps {
  readonly id: string;
  readonly option: ComboboxOption;
  readonly chosen: boolean;
  readonly active: boolean;
  readonly onChoose: (value: string) => void;
  readonly onPoint: (value: string) => void;
}

/** One row; memoised, so moving the highlight re-renders two rows, not the whole list. */
const OptionRow = memo(function OptionRow({ id, option, chosen, active, onChoose, onPoint }: OptionRowProps) {
  return (
    <div
      id={id}
      role="option"
      aria-selected={chosen}
      data-active={active || undefined}
      // The search box keeps the focus while a row is pressed.
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => onChoose(option.value)}
      onPointerMove={() => onPoint(option.value)}
      data-value={option.value}
      data-slot="combobox-option"
      className="relative flex cursor-pointer items-center gap-2 rounded-sm px-2 py-2 text-sm outline-none select-none data-[active]:bg-accent data-[active]:text-accent-foreground [&_svg]:pointer-events-none [&_svg]:shrink-0"
    >
      <Check aria-hidden className={cn('size-4 text-primary', chosen ? 'opacity-100' : 'opacity-0')} />
      {option.icon}
      <span className="min-w-0 flex-1 truncate">{option.label}</span>
      {option.hint ? <span className="shrink-0 text-xs text-muted-foreground">{option.hint}</span> : null}
    </div>
  );
});

/**
 * A searchable picker, single or multiple choice: a field that opens a list with a search box
 * (the ARIA combobox pattern with a listbox; the highlighted row is the search box's active
 * descendant). Its own small popup rather than a popover library's (ADR 095): a tap on a phone
 * opens it within one frame's work. The list closes when the shopper scrolls the page outside it,
 * presses Escape, taps outside or tabs away, so it never floats away from its field.
 */
export function Combobox({
  id,
  labelId,
  options,
  selected,
  onSelect,
  multiple = false,
  display,
  placeholder,
  searchPlaceholder,
  emptyText,
  allowCustom = false,
  loading = false,
  disabled,
  invalid,
  required,
  describedBy,
  onBlur,
  ref,
  className,
}: ComboboxProps) {
  const [placement, setPlacement] = useState<Placement | null>(null);
  const open = placement !== null;
  const [search, setSearch] = useState('');
  const [activeValue, setActiveValue] = useState<string | null>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const triggerRef = useRef<HTMLButtonElement | null>(null);
  /** Set when the keyboard moved the highlight, so the highlighted row is scrolled into view. */
  const revealActive = useRef(false);
  /** Enter pressed while the list was still loading: its first match is chosen once it has come. */
  const enterWhileLoading = useRef(false);
  /** The row a press began on, and where. */
  const pressedRow = useRef<{ value: string; x: number; y: number } | null>(null);
  /** Removes the document's listener for a press released outside the list. */
  const stopWatchingRelease = useRef<(() => void) | null>(null);
  const listId = `${id}-picker`;
  const listboxId = `${id}-options`;
  const optionId = (index: number) => `${id}-option-${index}`;

  // The list's rows render just after the opened picker, with its search box, has painted: a tap
  // opens the picker at once on a slow phone, and the rows follow a frame later (ADR 094).
  const openedBefore = useDeferredValue(open);
  const rowsShown = open && openedBefore;

  const filtered = useMemo(() => searchOptions(options, search), [options, search]);
  const groups = useMemo(() => groupOptions(filtered), [filtered]);
  const activeIndex = Math.max(
    filtered.findIndex((option) => option.value === activeValue),
    0,
  );
  const active = filtered[activeIndex];

  const close = (returnFocus: boolean) => {
    enterWhileLoading.current = false;
    setPlacement(null);
    setSearch('');
    setActiveValue(null);
    // Back to the field at once, so a quick Tab moves on from here.
    if (returnFocus && contentRef.current?.contains(document.activeElement)) {
      triggerRef.current?.focus({ preventScroll: true });
    }
  };
  // The newest props and close, for the listeners and the memoised rows' stable handlers.
  const latest = useRef({ onSelect, multiple, close });
  latest.current = { onSelect, multiple, close };

  const openList = (startSearch = '') => {
    const trigger = triggerRef.current;
    if (!trigger) return;
    setSearch(startSearch);
    // The chosen row is highlighted (the first when nothing is chosen), as a native select does.
    setActiveValue(selected[0] ?? null);
    revealActive.current = selected.length > 0;
    setPlacement(placeBeside(trigger));
  };

  // The search box takes the focus as the list opens.
  useLayoutEffect(() => {
    if (open) searchRef.current?.focus({ preventScroll: true });
  }, [open]);

  useLayoutEffect(() => {
    const row = revealActive.current ? document.getElementById(optionId(activeIndex)) : null;
    // Until the rows have rendered there is nothing to bring into view yet.
    if (!row) return;
    revealActive.current = false;
    row.scrollIntoView({ block: 'nearest' });
  });

  useEffect(() => {
    if (!open) return;
    const inside = (target: EventTarget | null) =>
      target instanceof Node && (contentRef.current?.contains(target) || triggerRef.current?.contains(target));
    // The shopper scrolling the page (wheel or touch) or pressing outside closes the list; scrolls the
    // page makes by itself (focus moving, smooth scrolling, a row brought into view) leave it open.
    const closeFromOutside = (event: Event) => {
      if (!inside(event.target)) latest.current.close(true);
    };
    // A field that moves on screen by itself (a sticky panel as the page scrolls, the window resized)
    // takes its list along.
    const follow = (event: Event) => {
      const trigger = triggerRef.current;
      if (!trigger || (event.type === 'scroll' && contentRef.current?.contains(event.target as Node))) return;
      const next = placeBeside(trigger);
      // A list closed in this same moment (the shopper's wheel closes it, then the page scrolls) stays closed.
      setPlacement((current) => (current === null || samePlace(current, next) ? current : next));
    };
    const passive = { capture: true, passive: true } as const;
    window.addEventListener('wheel', closeFromOutside, passive);
    window.addEventListener('touchmove', closeFromOutside, passive);
    document.addEventListener('pointerdown', closeFromOutside, true);
    window.addEventListener('scroll', follow, passive);
    window.addEventListener('resize', follow);
    return () => {
      window.removeEventListener('wheel', closeFromOutside, passive);
      window.removeEventListener('touchmove', closeFromOutside, passive);
      document.removeEventListener('pointerdown', closeFromOutside, true);
      window.removeEventListener('scroll', follow, passive);
      window.removeEventListener('resize', follow);
    };
  }, [open]);

  // Stable for the memoised rows: they read the latest props through a ref.
  const [rowHandlers] = useState(() => ({
    onChoose: (value: string) => {
      latest.current.onSelect(value);
      if (!latest.current.multiple) latest.current.close(true);
    },
    onPoint: (value: string) => setActiveValue((current) => (current === value ? current : value)),
  }));

  const choose = rowHandlers.onChoose;

  // A shopper who typed and pressed Enter before the list had come meant its first match (a fresh
  // run typed "spain" and Enter while the destinations were still being read, and nothing happened).
  useEffect(() => {
    if (!enterWhileLoading.current || loading) return;
    enterWhileLoading.current = false;
    if (open && active) choose(active.value);
  }, [loading, open, active, choose]);

  // A press released on another row (the rows moved under a finger that stayed put: the list
  // re-rendered or the page reflowed) gives its click to the list, not to a row: the row pressed is
  // the one meant. A fresh run's journey pressed one country and released on the next, 30 ms later.
  // The list itself may move too (placed again a frame after the page scrolled): released outside
  // it, the click goes to what holds both (the body), so a listener on the document takes it.
  const notePress = (event: ReactPointerEvent<HTMLDivElement>) => {
    const row = event.target instanceof Element ? event.target.closest<HTMLElement>(OPTION_ROW) : null;
    const value = row?.dataset.value;
    forgetPress();
    if (value === undefined) return;
    pressedRow.current = { value, x: event.clientX, y: event.clientY };
    const list = event.currentTarget;
    const releasedOutside = (click: globalThis.MouseEvent) => {
      if (!(click.target instanceof Node && list.contains(click.target))) chooseMovedRow(click);
    };
    document.addEventListener('click', releasedOutside, { capture: true, once: true });
    stopWatchingRelease.current = () => document.removeEventListener('click', releasedOutside, { capture: true });
  };
  const forgetPress = () => {
    pressedRow.current = null;
    stopWatchingRelease.current?.();
    stopWatchingRelease.current = null;
  };
  useEffect(() => () => stopWatchingRelease.current?.(), []);
  const chooseMovedRow = (event: MouseEvent<HTMLDivElement> | globalThis.MouseEvent) => {
    const pressed = pressedRow.current;
    forgetPress();
    const onRow = event.target instanceof Element && event.target.closest(OPTION_ROW);
    if (!pressed || onRow) return;
    if (Math.hypot(event.clientX - pressed.x, event.clientY - pressed.y) <= PRESS_SLOP_PX) choose(pressed.value);
  };

  const openFromKeyboard = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) openList();
    } else if (event.key.length === 1 && event.key !== ' ' && !event.ctrlKey && !event.metaKey && !event.altKey) {
      // Typing on the closed picker starts a search with that letter, as a native select would.
      event.preventDefault();
      const letter = event.key;
      // Letters typed before the search box takes the focus still count.
      if (open) setSearch((typed) => typed + letter);
      else openList(letter);
    }
  };

  const moveHighlight = (step: number) => {
    if (filtered.length === 0) return;
    const next = (activeIndex + step + filtered.length) % filtered.length;
    revealActive.current = true;
    setActiveValue(filtered[next]!.value);
  };

  const searchKeys = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault();
        moveHighlight(event.key === 'ArrowDown' ? 1 : -1);
        return;
      case 'Enter': {
        event.preventDefault();
        const typed = search.trim();
        if (active) choose(active.value);
        else if (allowCustom && typed !== '') choose(typed);
        else if (loading) enterWhileLoading.current = true;
        // A click toggles rows of a multiple-choice list and leaves it open; Enter ends the choice,
        // as it does in every other picker (issue 44).
        if (multiple && !(loading && !active)) close(true);
        return;
      }
      case 'Escape':
        event.preventDefault();
        close(true);
        return;
      case 'Tab':
        // The focus goes back to the field first, so Tab moves on from the field as if the list were not there.
        close(true);
        return;
    }
  };

  // Leaving the field for its own list is not leaving the field: touched only once the focus moves on.
  const blurTrigger = (event: FocusEvent<HTMLButtonElement>) => {
    if (!(event.relatedTarget instanceof Node && contentRef.current?.contains(event.relatedTarget))) onBlur?.();
  };
  const blurList = (event: FocusEvent<HTMLDivElement>) => {
    const to = event.relatedTarget;
    if (!(to instanceof Node) || contentRef.current?.contains(to) || to === triggerRef.current) return;
    close(false);
    onBlur?.();
  };

  let rowIndex = 0;
  const list = open ? (
    <div
      ref={contentRef}
      id={listId}
      role="dialog"
      aria-label={searchPlaceholder}
      data-side={placement.side}
      data-slot="combobox-content"
      style={placement.style}
      onBlur={blurList}
      className={cn(
        'z-50 flex flex-col overflow-hidden rounded-md border border-border bg-popover text-popover-foreground shadow-md outline-none',
        'animate-in fade-in-0 zoom-in-95 data-[side=bottom]:slide-in-from-top-2 data-[side=top]:slide-in-from-bottom-2',
      )}
    >
      <div className="flex h-11 shrink-0 items-center gap-2 border-b border-border px-3">
        <Search aria-hidden className="size-4 shrink-0 text-muted-foreground" />
        <input
          ref={searchRef}
          type="text"
          role="combobox"
          aria-label={searchPlaceholder}
          aria-expanded
          aria-controls={listboxId}
          aria-autocomplete="list"
          aria-activedescendant={rowsShown && active ? optionId(activeIndex) : undefined}
          autoComplete="off"
          autoCorrect="off"
          spellCheck={false}
          value={search}
          onChange={(event) => {
            enterWhileLoading.current = false;
            setSearch(event.target.value);
            setActiveValue(null);
          }}
          onKeyDown={searchKeys}
          placeholder={searchPlaceholder}
          data-slot="combobox-search"
          className="flex h-10 w-full rounded-md bg-transparent py-3 text-base outline-none placeholder:text-muted-foreground md:text-sm"
        />
      </div>
      <div
        id={listboxId}
        role="listbox"
        aria-label={searchPlaceholder}
        aria-multiselectable={multiple || undefined}
        data-slot="combobox-list"
        onPointerDown={notePress}
        onPointerCancel={forgetPress}
        onClick={chooseMovedRow}
        className="max-h-64 min-h-0 flex-1 scroll-py-1 overflow-x-hidden overflow-y-auto overscroll-contain"
      >
        {loading && options.length === 0 ? (
          <div role="status" className="px-3 py-6 text-center text-sm text-muted-foreground">
            Loading…
          </div>
        ) : rowsShown && filtered.length === 0 ? (
          <div role="presentation" className="px-3 py-6 text-center text-sm text-muted-foreground">
            {emptyText}
          </div>
        ) : null}
        {(rowsShown ? groups : []).map((group, groupIndex) => {
          const headingId = `${id}-group-${groupIndex}`;
          return (
            <div key={group.heading ?? ''} role="presentation" className="overflow-hidden p-1 text-foreground">
              {group.heading ? (
                <div id={headingId} aria-hidden className="px-2 py-1.5 text-xs font-semibold text-muted-foreground">
                  {group.heading}
                </div>
              ) : null}
              <div role="group" aria-labelledby={group.heading ? headingId : undefined}>
                {group.options.map((option) => {
                  const index = rowIndex++;
                  return (
                    <OptionRow
                      key={option.value}
                      id={optionId(index)}
                      option={option}
                      chosen={selected.includes(option.value)}
                      active={index === activeIndex}
                      {...rowHandlers}
                    />
                  );
                })}
              </div>
            </div>
          );
        })}
      </div>
    </div>
  ) : null;

  return (
    <>
      <button
        ref={(node) => {
          triggerRef.current = node;
          if (typeof ref === 'function') return ref(node);
          if (ref) ref.current = node;
        }}
        id={id}
        type="button"
        role="combobox"
        aria-labelledby={labelId}
        aria-expanded={open}
        aria-haspopup="dialog"
        aria-controls={open ? listId : undefined}
        aria-invalid={invalid || undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy}
        disabled={disabled}
        onClick={() => (open ? close(true) : openList())}
        onKeyDown={openFromKeyboard}
        onBlur={blurTrigger}
        data-slot="combobox-trigger"
        className={cn(
          'flex h-10 w-full min-w-0 cursor-pointer items-center justify-between gap-2 rounded-md border border-input bg-background px-3 py-2 text-left text-base shadow-xs transition-[color,box-shadow,border-color] outline-none md:text-sm',
          'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40 disabled:cursor-not-allowed disabled:opacity-50',
          'aria-invalid:border-destructive aria-invalid:ring-destructive/25',
          className,
        )}
      >
        <span className={cn('truncate', display === null && 'text-muted-foreground')}>{display ?? placeholder}</span>
        <ChevronsUpDown aria-hidden className="size-4 shrink-0 text-muted-foreground" />
      </button>
      {list ? createPortal(list, document.body) : null}
    </>
  );
}
