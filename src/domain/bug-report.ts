import { z } from 'zod';
import { emailSchema } from './email.ts';
import { TEXT_MAX, boundedText } from './text.ts';

/** Spec section 9 "Bug report". */
export const BUG_REPORT_LIMITS = {
  screenshots: 3,
  /** 5MB, as a browser's File.size counts it. */
  screenshotBytes: 5 * 1024 * 1024,
  title: 200,
  description: 2000,
  /** The success screen shows this long, then the form resets and the dialog closes. */
  resetDelayMs: 2000,
} as const;

/** Where the team is with a report (admin area). */
export const BUG_STATUSES = ['new', 'in_progress', 'resolved', 'wont_fix'] as const;
export type BugStatus = (typeof BUG_STATUSES)[number];
export const BUG_STATUS_LABELS: Record<BugStatus, string> = {
  new: 'New',
  in_progress: 'In progress',
  resolved: 'Resolved',
  wont_fix: 'Won’t fix',
};

export const BUG_PRIORITIES = ['low', 'medium', 'high', 'critical'] as const;
export type BugPriority = (typeof BUG_PRIORITIES)[number];
export const DEFAULT_BUG_PRIORITY: BugPriority = 'medium';
export const BUG_PRIORITY_LABELS: Record<BugPriority, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  critical: 'Critical',
};

/**
 * The image kinds a screenshot may be, recognised by their first bytes: never SVG, which is a
 * document that can carry script, and never by the name or the declared type alone.
 */
export const SCREENSHOT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type ScreenshotType = (typeof SCREENSHOT_TYPES)[number];
export const SCREENSHOT_EXTENSIONS: Record<ScreenshotType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/** Spec section 8: every toast of the dialog, title and text. */
export const BUG_REPORT_TOASTS = {
  tooManyFiles: { title: 'Too many files', text: `You can attach up to ${BUG_REPORT_LIMITS.screenshots} screenshots.` },
  invalidFileType: { title: 'Invalid file type', text: (name: string) => `${name} is not an image.` },
  fileTooLarge: { title: 'File too large', text: (name: string) => `${name} is larger than 5MB.` },
  maximumReached: {
    title: 'Maximum reached',
    text: `You have already attached ${BUG_REPORT_LIMITS.screenshots} screenshots.`,
  },
  missingInformation: { title: 'Missing information', text: 'Please fill in all required fields' },
  submissionFailed: { title: 'Submission failed', fallback: 'Please try again later' },
} as const;

export const BUG_REPORT_SUCCESS = {
  title: 'Thank you!',
  text: 'Your bug report has been sent. Our team will look into it.',
} as const;

/** The server's messages for a screenshot it refuses: the spec's rules, re-checked on the bytes. */
export const SCREENSHOT_ERRORS = {
  tooMany: BUG_REPORT_TOASTS.tooManyFiles.text,
  notFile: 'Each screenshot must be sent as a file. Attach it again.',
  notImage: (name: string) => `${name} is not an image (PNG, JPEG, GIF or WebP).`,
  tooLarge: (name: string) => BUG_REPORT_TOASTS.fileTooLarge.text(name),
} as const;

const REQUIRED = BUG_REPORT_TOASTS.missingInformation.text;

/** A file the visitor picked, as the browser describes it. */
export interface PickedFile {
  readonly name: string;
  readonly type: string;
  readonly size: number;
}

export interface ScreenshotPick<F extends PickedFile> {
  readonly accepted: readonly F[];
  readonly toasts: readonly { readonly title: string; readonly text: string }[];
}

/**
 * Which of the files just picked join the `attached` ones (spec sections 5 and 8): none when
 * the limit is reached already ('Maximum reached') or the pick would pass it ('Too many files');
 * otherwise each image of at most 5MB, with a toast for each one left out.
 */
export function pickScreenshots<F extends PickedFile>(attached: number, picked: readonly F[]): ScreenshotPick<F> {
  const { screenshots, screenshotBytes } = BUG_REPORT_LIMITS;
  if (picked.length === 0) return { accepted: [], toasts: [] };
  if (attached >= screenshots) {
    const { title, text } = BUG_REPORT_TOASTS.maximumReached;
    return { accepted: [], toasts: [{ title, text }] };
  }
  if (attached + picked.length > screenshots) {
    const { title, text } = BUG_REPORT_TOASTS.tooManyFiles;
    return { accepted: [], toasts: [{ title, text }] };
  }
  const accepted: F[] = [];
  const toasts: { title: string; text: string }[] = [];
  for (const file of picked) {
    if (!file.type.startsWith('image/')) {
      toasts.push({
        title: BUG_REPORT_TOASTS.invalidFileType.title,
        text: BUG_REPORT_TOASTS.invalidFileType.text(file.name),
      });
    } else if (file.size > screenshotBytes) {
      toasts.push({
        title: BUG_REPORT_TOASTS.fileTooLarge.title,
        text: BUG_REPORT_TOASTS.fileTooLarge.text(file.name),
      });
    } else accepted.push(file);
  }
  return { accepted, toasts };
}

/** Spec section 5: email, title and description must be filled before anything is sent. */
export function missingBugReportFields(form: { email: string; title: string; description: string }): boolean {
  return [form.email, form.title, form.description].some((value) => value.trim() === '');
}

/** The description's live counter, e.g. "120/2000". */
export function descriptionCounter(description: string): string {
  return `${description.length}/${BUG_REPORT_LIMITS.description}`;
}

/** The failure toast's text: the server's message, or the spec's fallback. */
export function bugReportFailureMessage(message: string | null | undefined): string {
  return message?.trim() ? message : BUG_REPORT_TOASTS.submissionFailed.fallback;
}

/** The image kind of a file by its first bytes, or null when it is none the store accepts. */
export function sniffImageType(bytes: Uint8Array): ScreenshotType | null {
  const starts = (signature: readonly number[], at = 0) =>
    bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x47, 0x49, 0x46, 0x38, 0x37, 0x61]) || starts([0x47, 0x49, 0x46, 0x38, 0x39, 0x61])) return 'image/gif';
  // RIFF....WEBP
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

/**
 * POST /api/bug-reports is multipart/form-data (ADR 089): the texts as JSON in one part, each
 * screenshot a file part of its own, so a screenshot counts by its bytes and never as a JSON string.
 */
export const BUG_REPORT_PARTS = { report: 'report', screenshot: 'screenshots' } as const;

/** The report part's longest JSON text: every field at its limit, each character escaped, fits. */
export const BUG_REPORT_FIELDS_MAX_CHARS = 64 * 1024;

/** The largest bug report body the server reads: three full screenshots, the report part and the multipart framing. */
export const BUG_REPORT_BODY_MAX_BYTES =
  BUG_REPORT_LIMITS.screenshots * BUG_REPORT_LIMITS.screenshotBytes + BUG_REPORT_FIELDS_MAX_CHARS * 4 + 16 * 1024;

const browserText = boundedText(TEXT_MAX.note).trim();

/** Spec section 3 "Bug report": browser_info as the dialog collects it. */
export const browserInfoSchema = z.object({
  userAgent: browserText,
  platform: browserText,
  language: browserText,
  screenResolution: browserText,
  viewport: browserText,
});
export type BrowserInfo = z.infer<typeof browserInfoSchema>;

/** A screenshot file's name as the browser sends it; the store never names a file on disk by it. */
export const screenshotNameSchema = boundedText(255).trim().min(1, { message: 'Each screenshot needs a name.' });

/**
 * The report part of POST /api/bug-reports (spec sections 3 and 5). The screenshots travel as
 * file parts beside it; their bytes (image kind, size) are checked by `checkScreenshot`.
 */
export const bugReportSchema = z.object({
  email: z.string({ error: REQUIRED }).trim().min(1, { message: REQUIRED, abort: true }).pipe(emailSchema),
  title: boundedText(BUG_REPORT_LIMITS.title, { error: REQUIRED, tooLong: 'The title can be at most 200 characters.' })
    .trim()
    .min(1, { message: REQUIRED }),
  description: boundedText(BUG_REPORT_LIMITS.description, {
    error: REQUIRED,
    tooLong: 'The description can be at most 2000 characters.',
  })
    .trim()
    .min(1, { message: REQUIRED }),
  priority: z
    .enum(BUG_PRIORITIES, { error: 'Priority must be low, medium, high or critical.' })
    .default(DEFAULT_BUG_PRIORITY),
  page_url: boundedText(TEXT_MAX.url).trim().optional().default(''),
  browser_info: browserInfoSchema.partial().optional().default({}),
});
export type BugReportInput = z.input<typeof bugReportSchema>;
export type BugReport = z.infer<typeof bugReportSchema>;

export const bugReportAnswerSchema = z.object({ id: z.string(), message: z.string() });
export type BugReportAnswer = z.infer<typeof bugReportAnswerSchema>;

/** One screenshot file as it arrived: its name, its size and its first bytes. */
export interface ScreenshotUpload {
  readonly name: string;
  readonly size: number;
  /** At least the first 12 bytes, or the whole file when it is shorter. */
  readonly head: Uint8Array;
}

/** What one uploaded screenshot is once checked: its true kind, or the message refusing it. */
export type CheckedScreenshot =
  | { readonly ok: true; readonly name: string; readonly type: ScreenshotType; readonly bytes: number }
  | { readonly ok: false; readonly message: string };

/** Spec section 5, re-checked on what was sent: at most 5MB, and its first bytes an image the store accepts. */
export function checkScreenshot(upload: ScreenshotUpload): CheckedScreenshot {
  if (upload.size > BUG_REPORT_LIMITS.screenshotBytes)
    return { ok: false, message: SCREENSHOT_ERRORS.tooLarge(upload.name) };
  const type = sniffImageType(upload.head);
  if (!type) return { ok: false, message: SCREENSHOT_ERRORS.notImage(upload.name) };
  return { ok: true, name: upload.name, type, bytes: upload.size };
}

/** GET /api/admin/bug-reports: newest first, `before` a report's created_at to page back. */
export const bugReportListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  before: z.iso.datetime({ offset: true }).optional(),
});

/** One report as the admin API lists it; each screenshot's url serves its bytes to admins only. */
export const adminBugReportSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  email: z.string(),
  title: z.string(),
  description: z.string(),
  priority: z.enum(BUG_PRIORITIES),
  page_url: z.string(),
  browser_info: z.record(z.string(), z.string()),
  status: z.enum(BUG_STATUSES),
  screenshots: z.array(
    z.object({
      position: z.number().int(),
      name: z.string(),
      content_type: z.string(),
      bytes: z.number().int(),
      url: z.string(),
    }),
  ),
});
export type AdminBugReport = z.infer<typeof adminBugReportSchema>;
export const adminBugReportListSchema = z.object({ reports: z.array(adminBugReportSchema) });
export type AdminBugReportList = z.infer<typeof adminBugReportListSchema>;

export function adminScreenshotPath(reportId: string, position: number): string {
  return `/api/admin/bug-reports/${reportId}/screenshots/${position}`;
}
