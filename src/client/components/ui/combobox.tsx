import { Check, ChevronsUpDown } from 'lucide-react';
import {
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { cn } from '~/lib/cn';
import { Command, CommandEmpty, CommandGroup, CommandInput, CommandItem, CommandList } from './command';
import { Popover, PopoverContent, PopoverTrigger } from './popover';

export interface ComboboxOption {
  readonly value: string;
  readonly label: string;
  /** Options with the same group are listed under that heading, in the order the groups first appear. */
  readonly group?: string;
  /** Secondary text at the end of the row, e.g. "44 countries". */
  readonly hint?: string | null;
  /** Other words the search should match, e.g. a country's code. */
  readonly keywords?: readonly string[];
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

const foldText = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/** Options whose label or keywords contain every typed word: an exact label first, then labels starting with the search. */
function filterOptions(options: readonly ComboboxOption[], search: string): ComboboxOption[] {
  const query = foldText(search.trim());
  if (query === '') return [...options];
  const words = query.split(/\s+/);
  const matches = options.filter((option) => {
    const haystack = foldText([option.label, ...(option.keywords ?? [])].join(' '));
    return words.every((word) => haystack.includes(word));
  });
  const rank = (option: ComboboxOption) => {
    const label = foldText(option.label);
    return label === query ? 0 : label.startsWith(query) ? 1 : 2;
  };
  // Stable sort: within a rank the options keep their given order.
  return matches
    .map((option) => ({ option, rank: rank(option) }))
    .sort((a, b) => a.rank - b.rank)
    .map(({ option }) => option);
}

function groupOptions(
  options: readonly ComboboxOption[],
): { heading: string | undefined; options: ComboboxOption[] }[] {
  const groups = new Map<string | undefined, ComboboxOption[]>();
  for (const option of options) groups.set(option.group, [...(groups.get(option.group) ?? []), option]);
  return [...groups].map(([heading, grouped]) => ({ heading, options: grouped }));
}

/**
 * A searchable picker (shadcn's Popover + Command pattern), single or multiple choice. Its list
 * closes when the shopper scrolls the page outside it, so it never floats away from its field.
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
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const contentRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const triggerRef = useRef<HTMLButtonElement | null>(null);
  const listId = `${id}-picker`;

  // The list's rows render just after the opened picker, with its search box, has painted: a tap
  // opens the picker at once on a slow phone, and the rows follow a frame later (issue 28: about
  // 200 countries made the tap's task 850 ms at 4x CPU slowdown). Closing keeps them for the fade.
  const openedBefore = useDeferredValue(open);
  const rowsShown = !open || openedBefore;

  const filtered = useMemo(() => filterOptions(options, search), [options, search]);
  const groups = useMemo(() => groupOptions(filtered), [filtered]);

  const changeOpen = (next: boolean) => {
    setOpen(next);
    if (next) return;
    setSearch('');
    // Back to the field at once rather than after the list fades out, so a quick Tab moves on from here.
    if (contentRef.current?.contains(document.activeElement)) triggerRef.current?.focus({ preventScroll: true });
  };

  useEffect(() => {
    if (!open) return;
    // The shopper scrolling the page (wheel or touch) closes the list; scrolls the page makes by itself
    // (focus moving, smooth scrolling, a row brought into view) leave it open.
    const closeOnOutsideScroll = (event: Event) => {
      if (event.target instanceof Node && contentRef.current?.contains(event.target)) return;
      setOpen(false);
      setSearch('');
      if (contentRef.current?.contains(document.activeElement)) triggerRef.current?.focus({ preventScroll: true });
    };
    const options = { capture: true, passive: true } as const;
    window.addEventListener('wheel', closeOnOutsideScroll, options);
    window.addEventListener('touchmove', closeOnOutsideScroll, options);
    return () => {
      window.removeEventListener('wheel', closeOnOutsideScroll, options);
      window.removeEventListener('touchmove', closeOnOutsideScroll, options);
    };
  }, [open]);

  const choose = (value: string) => {
    onSelect(value);
    if (!multiple) changeOpen(false);
  };

  const openFromKeyboard = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      changeOpen(true);
    } else if (event.key.length === 1 && event.key !== ' ' && !event.ctrlKey && !event.metaKey && !event.altKey) {
      // Typing on the closed picker starts a search with that letter, as a native select would.
      event.preventDefault();
      const letter = event.key;
      // Letters typed before the search box takes the focus still count.
      setSearch((typed) => (open ? typed + letter : letter));
      setOpen(true);
    }
  };

  const useTypedText = (event: KeyboardEvent<HTMLInputElement>) => {
    const typed = search.trim();
    if (event.key !== 'Enter' || !allowCustom || filtered.length > 0 || typed === '') return;
    event.preventDefault();
    choose(typed);
  };

  return (
    <Popover open={open} onOpenChange={changeOpen}>
      <PopoverTrigger asChild>
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
          onKeyDown={openFromKeyboard}
          onBlur={onBlur}
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
      </PopoverTrigger>
      <PopoverContent
        ref={contentRef}
        id={listId}
        align="start"
        aria-label={searchPlaceholder}
        collisionPadding={8}
        onOpenAutoFocus={(event) => {
          // Radix would select the search text, and the next letter typed would replace the first one.
          event.preventDefault();
          searchRef.current?.focus({ preventScroll: true });
        }}
        onCloseAutoFocus={(event) => {
          // The focus went back to the field on close; by the time the list has faded out the shopper
          // may have moved on, and pulling the focus back here would close the next field's list.
          const active = document.activeElement;
          if (active && active !== document.body && !contentRef.current?.contains(active)) event.preventDefault();
        }}
        // Never taller than the room on screen: a list reaching below the fold would need a page scroll, which closes it.
        className="flex max-h-[var(--radix-popover-content-available-height)] w-[var(--radix-popover-trigger-width)] flex-col p-0"
      >
        <Command shouldFilter={false} loop label={searchPlaceholder} className="h-auto min-h-0 flex-1">
          <CommandInput
            ref={searchRef}
            value={search}
            onValueChange={setSearch}
            onKeyDown={useTypedText}
            placeholder={searchPlaceholder}
            aria-label={searchPlaceholder}
          />
          <CommandList aria-multiselectable={multiple || undefined} className="min-h-0 flex-1">
            {loading && options.length === 0 ? (
              <div role="status" className="px-3 py-6 text-center text-sm text-muted-foreground">
                Loading…
              </div>
            ) : rowsShown ? (
              <CommandEmpty>{emptyText}</CommandEmpty>
            ) : null}
            {(rowsShown ? groups : []).map((group) => (
              <CommandGroup key={group.heading ?? ''} heading={group.heading}>
                {group.options.map((option) => {
                  const isSelected = selected.includes(option.value);
                  return (
                    <CommandItem
                      key={option.value}
                      value={option.value}
                      onSelect={() => choose(option.value)}
                      aria-checked={multiple ? isSelected : undefined}
                    >
                      <Check aria-hidden className={cn('text-primary', isSelected ? 'opacity-100' : 'opacity-0')} />
                      {option.icon}
                      <span className="min-w-0 flex-1 truncate">{option.label}</span>
                      {option.hint ? (
                        <span className="shrink-0 text-xs text-muted-foreground">{option.hint}</span>
                      ) : null}
                    </CommandItem>
                  );
                })}
              </CommandGroup>
            ))}
          </CommandList>
        </Command>
      </PopoverContent>
    </Popover>
  );
}
