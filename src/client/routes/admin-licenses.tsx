import { FileUp } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { LICENSE_IMPORT_MAX_BYTES, type KeyImportReport, stockState } from '../../domain/licenses';
import { pageTitle } from '../../domain/store-config';
import type { Route } from './+types/admin-licenses';
import { SubmitButton } from '~/components/form/submit-button';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { Badge } from '~/components/ui/badge';
import { FieldError } from '~/components/ui/field-error';
import { Label } from '~/components/ui/label';
import { Textarea } from '~/components/ui/textarea';
import { licenseStockQuery, useKeyImport, useLicenseStock } from '~/features/admin/api/admin-api';
import { apiPageData } from '~/lib/page-data';
import { AdminTable } from '~/features/admin/components/admin-table';
import { ListState } from '~/features/admin/components/list-state';

/** The first answer holds the stock of keys (ADR 102); moved to within the app, the page asks for it. */
export const loader = ({ context }: Route.LoaderArgs) => apiPageData(context.api, [licenseStockQuery]);

export const clientLoader = () => null;

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Licenses · Admin') },
  { name: 'robots', content: 'noindex' },
];

/** A CSV of keys, chosen as a file or pasted, imported with its report (what was refused, line by line). */
function KeyImport() {
  const importKeys = useKeyImport();
  const [csv, setCsv] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const [report, setReport] = useState<(KeyImportReport & { message: string }) | null>(null);
  const fileId = useId();
  const textId = useId();

  async function choose(file: File | undefined) {
    setFileError(null);
    if (!file) return;
    if (file.size > LICENSE_IMPORT_MAX_BYTES) return setFileError('The file is larger than 2 MB.');
    setCsv(await file.text());
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setReport(null);
    importKeys.mutate(csv, { onSuccess: (answer) => setReport(answer) });
  }

  return (
    <section aria-labelledby="import-title" className="grid gap-4 rounded-lg border border-border p-4">
      <div className="grid gap-1">
        <h2 id="import-title" className="text-lg font-semibold">
          Import keys
        </h2>
        <p className="text-sm text-muted-foreground">
          A CSV file with the header <code>product,key</code> and one key per line (the product’s slug, then the key).
          Keys are stored encrypted; a key already in stock, unknown product or malformed key is refused and listed; a
          file that cannot be read imports nothing.
        </p>
      </div>
      <form onSubmit={submit} className="grid gap-4" aria-label="Import keys">
        <div className="grid gap-2">
          <Label htmlFor={fileId}>CSV file</Label>
          <input
            id={fileId}
            type="file"
            accept=".csv,text/csv,text/plain"
            className="text-sm file:mr-3 file:rounded-md file:border file:border-border file:bg-background file:px-3 file:py-1.5 file:text-sm"
            onChange={(event) => void choose(event.target.files?.[0])}
          />
          <FieldError>{fileError}</FieldError>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={textId}>Or paste the file</Label>
          <Textarea
            id={textId}
            value={csv}
            rows={6}
            spellCheck={false}
            className="font-mono text-sm"
            onChange={(event) => setCsv(event.target.value)}
            placeholder={'product,key\nwindows-11-pro,XXXXX-XXXXX-XXXXX-XXXXX-XXXXX'}
          />
          <FieldError>{importKeys.isError ? importKeys.error.message : null}</FieldError>
        </div>
        <SubmitButton busy={importKeys.isPending} icon={<FileUp aria-hidden />}>
          Import keys
        </SubmitButton>
      </form>
      {report ? (
        <Alert role="status" variant={report.refused.length > 0 ? 'destructive' : 'default'}>
          <AlertTitle>{report.message}</AlertTitle>
          {report.refused.length > 0 ? (
            <AlertDescription>
              <ul className="grid gap-0.5">
                {report.refused.slice(0, 50).map((problem) => (
                  <li key={problem.line}>
                    Line {problem.line}: {problem.reason}
                  </li>
                ))}
                {report.refused.length > 50 ? <li>… and {report.refused.length - 50} more.</li> : null}
              </ul>
            </AlertDescription>
          ) : null}
        </Alert>
      ) : null}
    </section>
  );
}

/** /admin/licenses: stock per product and the key import (ADR 079). */
export default function AdminLicensesPage() {
  const stock = useLicenseStock();
  return (
    <div className="grid grid-cols-1 gap-6">
      <h1 className="text-2xl font-bold tracking-tight">Licenses</h1>
      <KeyImport />
      <ListState query={stock} what="license stock" empty={stock.data?.length === 0 ? 'No license on sale.' : null}>
        <AdminTable
          caption="Keys by product"
          headings={['Product', 'In stock', 'Sold, not revealed', 'Revealed', 'Refunded']}
          minWidth="min-w-[640px]"
        >
          {(stock.data ?? []).map((row) => {
            const state = stockState(row.available);
            return (
              <tr key={row.slug}>
                <td className="px-3 py-2">
                  <span className="block">{row.name}</span>
                  <span className="font-mono text-xs text-muted-foreground">{row.slug}</span>
                </td>
                <td className="px-3 py-2">
                  <span className="mr-2 font-medium">{row.available}</span>
                  {state.state === 'in_stock' ? null : (
                    <Badge variant={state.state === 'out_of_stock' ? 'destructive' : 'secondary'}>{state.label}</Badge>
                  )}
                </td>
                <td className="px-3 py-2">{row.assigned}</td>
                <td className="px-3 py-2">{row.revealed}</td>
                <td className="px-3 py-2">{row.refunded}</td>
              </tr>
            );
          })}
        </AdminTable>
      </ListState>
    </div>
  );
}
