import type { CellOut, CellWindow } from '../playground-api';
import type { PlaygroundClient } from './playground-client';

/** The grid reads cells in blocks this size; a screenful needs one to four of them. */
const BLOCK_ROWS = 100;
const BLOCK_COLUMNS = 26;

interface Block {
  version: number;
  window: CellWindow;
}

/**
 * The cells of the shown tab, read in blocks as the grid scrolls to them. A new version (the
 * spreadsheet changed) makes every block stale: stale blocks stay on screen until their fresh
 * copy arrives, so the grid never flashes empty.
 */
export class CellCache {
  private sheet = '';
  private version = 0;
  private readonly blocks = new Map<string, Block>();
  private readonly loading = new Map<string, number>();
  private last = { row: 0, column: 0 };

  constructor(
    private readonly client: PlaygroundClient,
    private readonly onLoaded: () => void,
    private readonly onError: (error: Error) => void,
  ) {}

  /** Shows another tab (its blocks are read afresh) or a newer version of this one. */
  use(sheet: string, version: number): void {
    if (sheet !== this.sheet) {
      this.sheet = sheet;
      this.blocks.clear();
      this.loading.clear();
      this.last = { row: 0, column: 0 };
    }
    this.version = version;
  }

  /** The cell, null when empty, undefined while its block is not read yet. */
  get(row: number, column: number): CellOut | null | undefined {
    const block = this.blocks.get(blockKey(row, column));
    if (block === undefined) return undefined;
    const { window } = block;
    return window.cells[row - window.row]?.[column - window.column] ?? null;
  }

  /** Blocks being read. */
  get reading(): number {
    return this.loading.size;
  }

  /** The last row and column holding data, as of the latest block read. */
  get lastCell(): { row: number; column: number } {
    return this.last;
  }

  /** Reads the blocks covering the rectangle that are missing or stale. */
  ensure(top: number, left: number, bottom: number, right: number): void {
    const sheet = this.sheet;
    if (sheet === '') return;
    for (let r = Math.floor((top - 1) / BLOCK_ROWS); r <= Math.floor((bottom - 1) / BLOCK_ROWS); r++) {
      for (
        let c = Math.floor((left - 1) / BLOCK_COLUMNS);
        c <= Math.floor((right - 1) / BLOCK_COLUMNS);
        c++
      ) {
        const key = `${r}:${c}`;
        const version = this.version;
        if ((this.blocks.get(key)?.version ?? -1) >= version || this.loading.get(key) === version) continue;
        this.loading.set(key, version);
        this.client
          .cells(sheet, r * BLOCK_ROWS + 1, c * BLOCK_COLUMNS + 1, BLOCK_ROWS, BLOCK_COLUMNS)
          .then((window) => {
            if (sheet !== this.sheet) return;
            if (this.loading.get(key) === version) this.loading.delete(key);
            const held = this.blocks.get(key);
            if (held !== undefined && held.version > window.version) return;
            this.blocks.set(key, { version: Math.max(version, window.version), window });
            this.last = { row: window.lastRow, column: window.lastColumn };
            this.onLoaded();
          })
          .catch((error: unknown) => {
            if (this.loading.get(key) === version) this.loading.delete(key);
            this.onError(error instanceof Error ? error : new Error(String(error)));
          });
      }
    }
  }
}

function blockKey(row: number, column: number): string {
  return `${Math.floor((row - 1) / BLOCK_ROWS)}:${Math.floor((column - 1) / BLOCK_COLUMNS)}`;
}
