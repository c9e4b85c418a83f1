import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from './security-headers.ts';

const hash = (body: string) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`;

describe('inlineScriptHashes', () => {
  it.each([
    { html: '<script>a()</script>', expected: [hash('a()')] },
    { html: '<script type="module">import "/x.js";</script>', expected: [hash('import "/x.js";')] },
    { html: '<script type="text/javascript">b()</script>', expected: [hash('b()')] },
    { html: '<script type="application/ld+json">{"@type":"Organization"}</script>', expected: [] },
    { html: '<script type="application/json">{}</script>', expected: [] },
    // The start-up loader runs this copy of the boot module as a module script.
    { html: '<script type="text/plain" id="app-boot">import "/x.js";</script>', expected: [hash('import "/x.js";')] },
    { html: '<script src="/assets/app.js"></script>', expected: [] },
    { html: '<script> </script>', expected: [] },
    { html: '<script>a()</script><script>a()</script><script>c()</script>', expected: [hash('a()'), hash('c()')] },
  ])('$html', ({ html, expected }) => {
    expect(inlineScriptHashes(html)).toEqual(expected);
  });
});
