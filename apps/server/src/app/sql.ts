import { Column, is, sql, type SQL } from 'drizzle-orm';

/**
 * A column with its table's name, also where drizzle leaves names bare (a single-table select): a
 * correlated subquery that another module hands out compares with the caller's row, not its own.
 * Any other expression is returned as it is.
 */
export function qualified(column: Column | SQL | SQL.Aliased): SQL {
  if (is(column, Column)) return sql`${column.table}.${sql.identifier(column.name)}`;
  return sql`${column}`;
}
