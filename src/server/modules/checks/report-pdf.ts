import PDFDocument from 'pdfkit';
import {
  CHECK_PRODUCTS,
  checkNextStep,
  checkVerdicts,
  type CheckResult,
  type CheckProductId,
  type VerdictTone,
} from '../../../domain/device-checks.ts';
import { STORE } from '../../../domain/store-config.ts';

const TONE_WORDS: Record<VerdictTone, string> = { good: 'OK', bad: 'Problem', caution: 'Note', neutral: '' };
const TONE_COLOURS: Record<VerdictTone, string> = {
  good: '#166534',
  bad: '#b91c1c',
  caution: '#92400e',
  neutral: '#111827',
};

export interface CheckReport {
  readonly shortId: string;
  readonly product: CheckProductId;
  readonly identifier: string;
  readonly checkedAt: Date;
  readonly result: CheckResult;
}

/**
 * A check's result as a one-page PDF (pdfkit, ADR 070): each finding in words, its verdict spelt
 * out beside the colour, what it means, and the next step. Built in memory; a report is small.
 */
export function checkReportPdf(report: CheckReport): Promise<Buffer> {
  const product = CHECK_PRODUCTS[report.product];
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `${product.name} ${report.shortId}`, Author: STORE.name },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(20).fillColor('#111827').text(`${STORE.name} device check report`);
  doc.moveDown(0.5).font('Helvetica').fontSize(11).fillColor('#374151');
  doc.text(`${product.name} · order ${report.shortId}`);
  doc.text(`Device: ${report.identifier}`);
  doc.text(`Checked: ${report.checkedAt.toISOString().replace('T', ' ').slice(0, 16)} UTC`);
  doc.moveDown();

  for (const verdict of checkVerdicts(report.result, product.reports)) {
    const word = TONE_WORDS[verdict.tone];
    doc.font('Helvetica-Bold').fontSize(12).fillColor('#111827').text(`${verdict.label}: `, { continued: true });
    doc.fillColor(TONE_COLOURS[verdict.tone]).text(word ? `${verdict.value} (${word})` : verdict.value);
    if (verdict.meaning) doc.font('Helvetica').fontSize(10).fillColor('#374151').text(verdict.meaning);
    doc.moveDown(0.6);
  }

  doc.moveDown().font('Helvetica-Bold').fontSize(12).fillColor('#111827').text('What it means');
  doc.font('Helvetica').fontSize(10).fillColor('#374151').text(checkNextStep(report.result).text);
  doc.moveDown(2).fontSize(8).fillColor('#6b7280');
  doc.text(`The findings are those of the records at the time of the check. ${STORE.name} · ${STORE.url}`);
  doc.end();
  return finished;
}
