// `npm run bench:auto-linker` (part of `npm run bench`): the auto-linker on the labelled service
// names of data/auto-linker: top-1 accuracy (goal ≥ 97 %) and the time to read the whole batch
// (goal ≤ 0.3 s), beside a baseline measured in the same run: the same names only cut into words and
// keyed (normalizeAliasKey), the least any reading of them costs.
import { linkAccuracy, linkerVocabulary } from '../src/domain/auto-linker.ts';
import { buildNormalisationIndex } from '../src/domain/normalisation-index.ts';
import { normalizeAliasKey } from '../src/domain/reference-data.ts';
import { labelledServices, seedCatalogueRows } from '../src/server/testing/linker-data.ts';

const RUNS = Number(process.env.BENCH_LINKER_RUNS ?? 20);

const rows = labelledServices();
const catalogue = seedCatalogueRows();

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function time(work: () => void): number {
  const started = performance.now();
  work();
  return performance.now() - started;
}

// A cold batch: the vocabulary built from the catalogue (as after an alias change), then every name.
const cold = time(() => linkAccuracy(rows, linkerVocabulary(buildNormalisationIndex(catalogue))));
const vocabulary = linkerVocabulary(buildNormalisationIndex(catalogue));
const accuracy = linkAccuracy(rows, vocabulary);
const batches: number[] = [];
const floors: number[] = [];
for (let run = 0; run < RUNS; run++) {
  batches.push(time(() => linkAccuracy(rows, vocabulary)));
  floors.push(
    time(() => {
      for (const row of rows) for (const word of `${row.group} ${row.name}`.split(/\s+/)) normalizeAliasKey(word);
    }),
  );
}

const percent = (accuracy.correct / accuracy.total) * 100;
const batch = median(batches);
const floor = median(floors);
console.log(`\nAuto-linker on data/auto-linker/labelled-services.json (${accuracy.total} names)`);
console.log(`  top-1 accuracy          ${percent.toFixed(1)} % (${accuracy.correct}/${accuracy.total}; goal ≥ 97 %)`);
console.log(`  batch, first (cold)     ${cold.toFixed(1)} ms, vocabulary built included (goal ≤ 300 ms)`);
console.log(`  batch, median of ${RUNS}    ${batch.toFixed(1)} ms (${(batch / rows.length).toFixed(3)} ms a name)`);
console.log(`  baseline (words keyed)  ${floor.toFixed(2)} ms → ratio ${(batch / floor).toFixed(1)}×`);
for (const miss of accuracy.misses)
  console.log(`  miss: ${miss.name} (wanted ${miss.expect}, read ${miss.got.kind} ${miss.got.carrier ?? ''})`);
