// /admin/auto-linker (ADR 076): the current supplier's services as the auto-linker reads them, and
// the admin's decisions: accept a reading, correct it (teaching the catalogue the words it missed),
// reject a service, or send one back to waiting. A linked service is a quote tool at once, on every
// instance (the catalogue's change is announced in the decision's transaction).
import {
  type CatalogueNameMaps,
  type LinkCorrection,
  type LinkDecisions,
  LINKER_MESSAGES,
  type LinkList,
  type LinkQuery,
  type LinkReading,
  linkLabel,
  readingLabel,
} from '../../../domain/admin-linker.ts';
import type { AliasInput } from '../../../domain/admin-aliases.ts';
import { type LinkProposal, linkService, unreadWords } from '../../../domain/auto-linker.ts';
import { inTransaction, type Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { type AdminActor, recordAudit } from '../audit/service.ts';
import type { CatalogService } from '../catalog/service.ts';
import * as repo from './repo-linker.ts';

type Tool = Awaited<ReturnType<typeof repo.lockTools>>[number];

const APPLE = 'apple';
const SAMSUNG = 'samsung';

function linkOf(tool: Tool) {
  return tool.brandSlug && tool.carrierSlug
    ? {
        brand: tool.brandSlug,
        carrier: tool.carrierSlug,
        country: tool.countryCode,
        series_min: tool.seriesMin,
        series_max: tool.seriesMax,
        requires_clean_check: tool.requiresCleanCheck,
      }
    : null;
}

/** A reading as the page shows it, in the catalogue's names. */
function reading(proposal: LinkProposal, names: CatalogueNameMaps): LinkReading {
  return {
    kind: proposal.kind,
    brand: proposal.brand,
    country: proposal.country,
    carrier: proposal.carrier,
    series_min: proposal.seriesMin,
    series_max: proposal.seriesMax,
    requires_clean_check: proposal.requiresCleanCheck,
    score: proposal.score,
    label: readingLabel(proposal, names),
  };
}

export function createLinker(db: Db, catalog: CatalogService, onChange: () => void) {
  /** A decision's transaction: the tools locked, the change announced to every instance, the index dropped here. */
  async function decide<T>(toolIds: readonly string[], work: (tx: Db, tools: Map<string, Tool>) => Promise<T>) {
    const result = await inTransaction(db, async (tx) => {
      const tools = new Map((await repo.lockTools(tx, toolIds)).map((tool) => [tool.toolId, tool]));
      const missing = toolIds.find((id) => !tools.has(id));
      if (missing) throw new AppError('NOT_FOUND', LINKER_MESSAGES.notFound(missing));
      const answer = await work(tx, tools);
      await catalog.announceChange(tx);
      return answer;
    });
    onChange();
    return result;
  }

  function sellable(tool: Tool) {
    if (tool.requiredFields.length > 0) {
      throw new AppError('CONFLICT', LINKER_MESSAGES.needsFields(tool.name, tool.requiredFields.join(', ')));
    }
  }

  return {
    async list(query: LinkQuery): Promise<LinkList> {
      const [rows, counts, vocabulary, names] = await Promise.all([
        repo.selectLinkTools(db, query.state, query.q, query.limit),
        repo.linkCounts(db),
        catalog.linkerVocabulary(),
        catalog.names(),
      ]);
      const services = rows.map(({ tool, supplier }) => {
        const link = linkService(tool.name, '', vocabulary);
        const linked = linkOf(tool);
        return {
          tool_id: tool.toolId,
          supplier,
          name: tool.name,
          cost_cents: tool.costCents,
          delivery_hours_min: tool.deliveryHoursMin,
          delivery_hours_max: tool.deliveryHoursMax,
          required_fields: tool.requiredFields,
          state: query.state,
          active: tool.active,
          linked: linked
            ? {
                kind: 'unlock' as const,
                ...linked,
                score: 1,
                label: linkLabel(tool, names),
              }
            : null,
          best: reading(link.best, names),
          runner_up: link.runnerUp ? reading(link.runnerUp, names) : null,
          unread: unreadWords(tool.name, vocabulary),
        };
      });
      return { services, counts };
    },

    /** Accept the readings of waiting services, reject services, or send decided ones back to waiting: all or none. */
    async decide(decision: LinkDecisions, actor: AdminActor): Promise<{ message: string }> {
      const ids = [...new Set(decision.tool_ids)];
      const vocabulary = await catalog.linkerVocabulary();
      await decide(ids, async (tx, tools) => {
        for (const id of ids) {
          const tool = tools.get(id);
          if (!tool) continue;
          const before = { state: tool.linkState, link: linkOf(tool) };
          if (decision.action === 'accept') {
            if (tool.linkState !== 'pending') throw new AppError('CONFLICT', LINKER_MESSAGES.notPending(tool.name));
            sellable(tool);
            const { best } = linkService(tool.name, '', vocabulary);
            if (best.kind !== 'unlock' || !best.brand || !best.carrier) {
              throw new AppError('CONFLICT', LINKER_MESSAGES.notUnlock(tool.name));
            }
            const link: repo.ToolLink = {
              brandSlug: best.brand,
              carrierSlug: best.carrier,
              countryCode: best.country,
              seriesMin: best.seriesMin,
              seriesMax: best.seriesMax,
              modelSeries: best.modelSeries,
              requiresCleanCheck: best.requiresCleanCheck,
            };
            await repo.linkTool(tx, id, link);
            await recordAudit(tx, actor, {
              action: 'link.accept',
              recordType: 'supplier_tool',
              recordId: id,
              before,
              after: { state: 'linked', link, score: best.score },
            });
          } else {
            const state = decision.action === 'reject' ? 'rejected' : 'pending';
            if (tool.linkState === state) continue;
            await repo.unlinkTool(tx, id, state);
            await recordAudit(tx, actor, {
              action: decision.action === 'reject' ? 'link.reject' : 'link.reopen',
              recordType: 'supplier_tool',
              recordId: id,
              before,
              after: { state, link: null },
            });
          }
        }
      });
      const n = ids.length;
      const services = n === 1 ? 'service' : 'services';
      const done = { accept: 'Linked', reject: 'Rejected', reopen: 'Sent back to waiting' }[decision.action];
      return { message: `${done}: ${n} ${services}.` };
    },

    /** The admin's own link for a service; the words it names teach the catalogue (aliases) in the same change. */
    async correct(toolId: string, correction: LinkCorrection, actor: AdminActor): Promise<{ message: string }> {
      const names = await catalog.names();
      if (!names.brandNames.has(correction.brand)) {
        throw new AppError('VALIDATION_FAILED', LINKER_MESSAGES.unknownBrand(correction.brand), {
          brand: [LINKER_MESSAGES.unknownBrand(correction.brand)],
        });
      }
      if (!names.carrierCountry.has(correction.carrier)) {
        throw new AppError('VALIDATION_FAILED', LINKER_MESSAGES.unknownCarrier(correction.carrier), {
          carrier: [LINKER_MESSAGES.unknownCarrier(correction.carrier)],
        });
      }
      const country = names.carrierCountry.get(correction.carrier) ?? null;
      const apple = correction.brand === APPLE;
      const vocabulary = await catalog.linkerVocabulary();
      const aliases: AliasInput[] = correction.teach.flatMap((word): AliasInput[] => {
        if (word.type === 'carrier')
          return [{ type: 'carrier', alias: word.alias, target: correction.carrier, country_code: country }];
        if (word.type === 'brand') return [{ type: 'brand', alias: word.alias, target: correction.brand }];
        return country ? [{ type: 'country', alias: word.alias, target: country }] : [];
      });
      let name = toolId;
      const change = async (tx: Db) => {
        const [tool] = await repo.lockTools(tx, [toolId]);
        if (!tool) throw new AppError('NOT_FOUND', LINKER_MESSAGES.notFound(toolId));
        name = tool.name;
        sellable(tool);
        const link: repo.ToolLink = {
          brandSlug: correction.brand,
          carrierSlug: correction.carrier,
          countryCode: country,
          seriesMin: apple ? correction.series_min : null,
          seriesMax: apple ? correction.series_max : null,
          modelSeries: correction.brand === SAMSUNG ? linkService(tool.name, '', vocabulary).best.modelSeries : null,
          requiresCleanCheck: correction.requires_clean_check,
        };
        await repo.linkTool(tx, toolId, link);
        await recordAudit(tx, actor, {
          action: 'link.correct',
          recordType: 'supplier_tool',
          recordId: toolId,
          before: { state: tool.linkState, link: linkOf(tool) },
          after: { state: 'linked', link, taught: aliases },
        });
        for (const alias of aliases) {
          await recordAudit(tx, actor, {
            action: 'alias.add',
            recordType: 'alias',
            recordId: `${alias.type}:${alias.alias}`,
            before: null,
            after: alias,
          });
        }
        await catalog.announceChange(tx);
      };
      if (aliases.length > 0) await catalog.addAliases(aliases, change);
      else await inTransaction(db, change);
      onChange();
      const taught = aliases.length > 0 ? ` It now reads ${aliases.map((a) => `“${a.alias}”`).join(', ')} too.` : '';
      return { message: `Linked “${name}”.${taught}` };
    },
  };
}

export type Linker = ReturnType<typeof createLinker>;
