import { useMutation } from '@tanstack/react-query';
import { bugReportAnswerSchema, type BugReportInput } from '../../../../domain/bug-report';
import { apiRequest } from '~/lib/api-client';

/** POST /api/bug-reports; a refusal carries the server's message (spec section 8 'Submission failed'). */
export function submitBugReport(report: BugReportInput) {
  return apiRequest('/api/bug-reports', { method: 'POST', body: report, schema: bugReportAnswerSchema });
}

export function useSubmitBugReport() {
  return useMutation({ mutationFn: submitBugReport });
}
