import type { Db } from '../../db/client.ts';
import * as repo from './repo.ts';

/** What a metrics scrape reads from the database (ADR 085). */
export const scrapedFigures = (db: Db) => repo.selectScrapedFigures(db);
