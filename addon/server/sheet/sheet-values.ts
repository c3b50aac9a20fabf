/** A single value as Sheets passes it to a custom function. */
export type CellValue = string | number | boolean | Date;

/** A custom-function argument: one cell, or a range as rows of cells. */
export type CellArgument = CellValue | CellValue[][];

/** What a custom function may return: a single cell, or rows that spill into the sheet. */
export type CellResult = CellValue | CellValue[][];
