import { CircleCheck, ImagePlus, Loader2, Send, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import {
  BUG_PRIORITIES,
  BUG_PRIORITY_LABELS,
  BUG_REPORT_LIMITS,
  BUG_REPORT_SUCCESS,
  BUG_REPORT_TOASTS,
  DEFAULT_BUG_PRIORITY,
  bugReportFailureMessage,
  descriptionCounter,
  missingBugReportFields,
  pickScreenshots,
  type BugPriority,
} from '../../../../domain/bug-report';
import { useSubmitBugReport } from '../api/submit-bug-report';
import { browserInfo, readAsDataUrl } from '../lib/browser-info';
import { Button } from '~/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog';
import { Label } from '~/components/ui/label';
import { Textarea } from '~/components/ui/textarea';
import { TextField } from '~/components/ui/text-field';
import { cn } from '~/lib/cn';
import { notify } from '~/lib/notify';
import { useReturnFocus } from '~/lib/use-return-focus';

interface Screenshot {
  readonly key: string;
  readonly file: File;
  /**
   * The thumbnail as a data URL. Not an object URL: a page's policy lets images load blob: URLs,
   * but tools that fetch what a page shows (a trace's snapshots) are refused them.
   */
  readonly preview: string;
}

interface Draft {
  readonly email: string;
  readonly title: string;
  readonly description: string;
  readonly priority: BugPriority;
  readonly screenshots: readonly Screenshot[];
}

const emptyDraft = (email: string): Draft => ({
  email,
  title: '',
  description: '',
  priority: DEFAULT_BUG_PRIORITY,
  screenshots: [],
});

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

const toast = (title: string, text: string) => void notify((show) => show.error(title, { description: text }));

/**
 * Spec sections 2, 4, 5 and 8: the bug report form → submitting → success screen; 2 seconds
 * later the form resets and the dialog closes. A draft closed unsent is kept for the next opening.
 */
export function BugReportDialog({
  open,
  onOpenChange,
  defaultEmail,
}: {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  readonly defaultEmail: string;
}) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => emptyDraft(defaultEmail));
  const [sent, setSent] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  // Mounted on the first press of the floating button, which gets the focus back on every close.
  const returnFocus = useReturnFocus();
  const submit = useSubmitBugReport();
  const { reset: resetSubmit } = submit;
  const submitting = submit.isPending;

  // A signed-in visitor's address fills an empty field when the session arrives (spec section 6).
  const [knownEmail, setKnownEmail] = useState(defaultEmail);
  if (knownEmail !== defaultEmail) {
    setKnownEmail(defaultEmail);
    if (defaultEmail && !draft.email) setDraft({ ...draft, email: defaultEmail });
  }

  // The success screen stays 2 seconds, then the form resets and the dialog closes.
  useEffect(() => {
    if (!sent) return;
    const timer = window.setTimeout(() => {
      setDraft(emptyDraft(defaultEmail));
      setSent(false);
      resetSubmit();
      onOpenChange(false);
    }, BUG_REPORT_LIMITS.resetDelayMs);
    return () => window.clearTimeout(timer);
  }, [sent, defaultEmail, onOpenChange, resetSubmit]);

  const update = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  const chooseFiles = () => {
    if (draft.screenshots.length >= BUG_REPORT_LIMITS.screenshots) {
      toast(BUG_REPORT_TOASTS.maximumReached.title, BUG_REPORT_TOASTS.maximumReached.text);
      return;
    }
    fileInput.current?.click();
  };

  const addFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.target.files ?? []);
    // Cleared, so picking the same file again after removing it is noticed.
    event.target.value = '';
    const { accepted, toasts } = pickScreenshots(draft.screenshots.length, picked);
    for (const { title, text } of toasts) toast(title, text);
    try {
      const added = await Promise.all(
        accepted.map(async (file) => ({
          key: `${file.name}-${file.size}-${file.lastModified}-${Math.random()}`,
          file,
          preview: await readAsDataUrl(file),
        })),
      );
      setDraft((current) => ({
        ...current,
        screenshots: [...current.screenshots, ...added].slice(0, BUG_REPORT_LIMITS.screenshots),
      }));
    } catch {
      toast(BUG_REPORT_TOASTS.invalidFileType.title, 'A screenshot could not be read. Please attach it again.');
    }
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    if (missingBugReportFields(draft)) {
      toast(BUG_REPORT_TOASTS.missingInformation.title, BUG_REPORT_TOASTS.missingInformation.text);
      return;
    }
    submit.mutate(
      {
        report: {
          email: draft.email,
          title: draft.title,
          description: draft.description,
          priority: draft.priority,
          page_url: window.location.href,
          browser_info: browserInfo(),
        },
        screenshots: draft.screenshots.map((shot) => shot.file),
      },
      {
        onSuccess: () => setSent(true),
        onError: (error) => toast(BUG_REPORT_TOASTS.submissionFailed.title, bugReportFailureMessage(error.message)),
      },
    );
  };

  const descriptionLeft = BUG_REPORT_LIMITS.description - draft.description.length;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl" onCloseAutoFocus={returnFocus}>
        {sent ? (
          <div className="grid justify-items-center gap-3 py-8 text-center" role="status">
            <CircleCheck aria-hidden className="size-14 text-success-foreground" />
            <DialogTitle className="text-xl">{BUG_REPORT_SUCCESS.title}</DialogTitle>
            <DialogDescription>{BUG_REPORT_SUCCESS.text}</DialogDescription>
          </div>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>Report a Bug</DialogTitle>
              <DialogDescription>
                Tell us what went wrong. We attach the page you are on and your browser details to help us fix it.
              </DialogDescription>
            </DialogHeader>
            <form noValidate onSubmit={handleSubmit} className="grid gap-4" aria-busy={submitting || undefined}>
              <TextField
                label="Email *"
                type="email"
                autoComplete="email"
                inputMode="email"
                required
                value={draft.email}
                onChange={(event) => update('email', event.target.value)}
                disabled={submitting}
                placeholder="you@example.com"
              />
              <TextField
                label="Title *"
                required
                maxLength={BUG_REPORT_LIMITS.title}
                value={draft.title}
                onChange={(event) => update('title', event.target.value)}
                disabled={submitting}
                placeholder="Short summary of the problem"
              />
              <div className="grid gap-2">
                <div className="flex items-center justify-between gap-2">
                  <Label htmlFor={`${id}-description`}>Description *</Label>
                  <span
                    id={`${id}-counter`}
                    className={cn(
                      'text-xs tabular-nums text-muted-foreground',
                      descriptionLeft < 100 && 'text-foreground',
                    )}
                  >
                    {descriptionCounter(draft.description)}
                  </span>
                </div>
                <Textarea
                  id={`${id}-description`}
                  required
                  rows={5}
                  maxLength={BUG_REPORT_LIMITS.description}
                  value={draft.description}
                  onChange={(event) => update('description', event.target.value)}
                  disabled={submitting}
                  aria-describedby={`${id}-counter`}
                  placeholder="What did you do, what did you expect, and what happened instead?"
                />
              </div>
              <div className="grid gap-2">
                <Label htmlFor={`${id}-priority`}>Priority</Label>
                <select
                  id={`${id}-priority`}
                  value={draft.priority}
                  onChange={(event) => update('priority', event.target.value as BugPriority)}
                  disabled={submitting}
                  className="h-10 w-full rounded-md border border-input bg-background px-3 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40 disabled:opacity-50 md:text-sm"
                >
                  {BUG_PRIORITIES.map((priority) => (
                    <option key={priority} value={priority}>
                      {BUG_PRIORITY_LABELS[priority]}
                    </option>
                  ))}
                </select>
              </div>
              <div className="grid gap-2">
                <div className="flex items-center justify-between gap-2">
                  <span id={`${id}-shots`} className="text-sm font-medium">
                    Screenshots (optional)
                  </span>
                  <span className="text-xs text-muted-foreground">
                    {draft.screenshots.length}/{BUG_REPORT_LIMITS.screenshots} · images up to 5MB
                  </span>
                </div>
                {draft.screenshots.length > 0 ? (
                  <ul aria-labelledby={`${id}-shots`} className="grid gap-2">
                    {draft.screenshots.map((shot) => (
                      <li key={shot.key} className="flex items-center gap-3 rounded-md border border-border p-2">
                        <img src={shot.preview} alt="" className="size-12 shrink-0 rounded object-cover" />
                        <span className="min-w-0 flex-1">
                          <span className="block truncate text-sm">{shot.file.name}</span>
                          <span className="block text-xs text-muted-foreground">{sizeText(shot.file.size)}</span>
                        </span>
                        <Button
                          type="button"
                          variant="ghost"
                          size="icon"
                          disabled={submitting}
                          aria-label={`Remove ${shot.file.name}`}
                          onClick={() =>
                            update(
                              'screenshots',
                              draft.screenshots.filter((other) => other.key !== shot.key),
                            )
                          }
                        >
                          <X aria-hidden />
                        </Button>
                      </li>
                    ))}
                  </ul>
                ) : null}
                <input
                  ref={fileInput}
                  type="file"
                  accept="image/*"
                  multiple
                  hidden
                  aria-label="Screenshot files"
                  onChange={(event) => void addFiles(event)}
                />
                <Button
                  type="button"
                  variant="outline"
                  onClick={chooseFiles}
                  disabled={submitting}
                  className="justify-self-start"
                >
                  <ImagePlus aria-hidden />
                  Add screenshots
                </Button>
              </div>
              <DialogFooter>
                <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={submitting}>
                  Cancel
                </Button>
                <Button type="submit" aria-disabled={submitting || undefined}>
                  {submitting ? <Loader2 aria-hidden className="animate-spin" /> : <Send aria-hidden />}
                  {submitting ? 'Submitting...' : 'Submit Report'}
                </Button>
              </DialogFooter>
            </form>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
