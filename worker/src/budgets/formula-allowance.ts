import type { FormulaAllowanceRepository } from '../store/formula-allowance-repository';

/** A document's cap for the UTC day holding `now`. */
export interface FormulaAllowanceToday {
  /** The document's own setting, else the worker's default; null: no daily cap. */
  perDay: number | null;
  isDefault: boolean;
  /** When someone last set the document's own allowance (ms since 1970); null: never. */
  setAt: number | null;
  /** Approved on top of `perDay` today. */
  approved: number;
  /** The latest approval today, or null: asks before it are answered. */
  lastApprovalAt: number | null;
  /** `perDay + approved`; null without a daily cap. */
  cap: number | null;
}

export interface FormulaAllowances {
  today(documentId: string, now: number): Promise<FormulaAllowanceToday>;
}

interface FormulaAllowancesOptions {
  repository: FormulaAllowanceRepository;
  /** FORMULA_ALLOWANCE_DAY: credits a document's formulas spend a day without asking; null: no cap. */
  defaultPerDay: number | null;
}

/**
 * Why a cap per document and not only the budgets per person: a document key sits where every
 * editor's formulas read it, and Sheets recalculates whenever it likes (opening the file, an edit
 * upstream of a range, a Recalculate), so a formula over 120 new handles spends 120 credits of the
 * connector's budget with nobody asking. Within the cap formulas just work; beyond it someone who
 * may approve sees the cost first.
 */
export function createFormulaAllowances(options: FormulaAllowancesOptions): FormulaAllowances {
  const { repository, defaultPerDay } = options;
  return {
    async today(documentId, now) {
      const setting = await repository.get(documentId);
      const perDay = setting === null ? defaultPerDay : setting.perDay;
      const approved = await repository.approvedToday(documentId, now);
      return {
        perDay,
        isDefault: setting === null,
        setAt: setting?.updatedAt ?? null,
        approved: approved.credits,
        lastApprovalAt: approved.lastAt,
        cap: perDay === null ? null : perDay + approved.credits,
      };
    },
  };
}
