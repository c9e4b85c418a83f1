import { useMutation } from '@tanstack/react-query';
import { BUG_REPORT_PARTS, bugReportAnswerSchema, type BugReportInput } from '../../../../domain/bug-report';
import { apiRequest } from '~/lib/api-client';

/**
 * POST /api/bug-reports as a multipart form (ADR 089): the texts as JSON, each screenshot the file
 * itself. A refusal carries the server's message (spec section 8 'Submission failed').
 */
export function submitBugReport({ report, screenshots }: { report: BugReportInput; screenshots: readonly File[] }) {
  const form = new FormData();
  form.append(BUG_REPORT_PARTS.report, JSON.stringify(report));
  for (const file of screenshots) form.append(BUG_REPORT_PARTS.screenshot, file, file.name);
  return apiRequest('/api/bug-reports', { method: 'POST', body: form, schema: bugReportAnswerSchema });
}

export function useSubmitBugReport() {
  return useMutation({ mutationFn: submitBugReport });
}
