import { Migrator, type Kysely, type Migration } from 'kysely';
import type { DbKind } from './dialect';
import type { Database } from './schema';
import { initial } from './migrations/0001-initial';
import { catalog } from './migrations/0002-catalog';
import { stock } from './migrations/0003-stock';
import { sales } from './migrations/0004-sales';
import { reportIndexes } from './migrations/0005-report-indexes';
import { stockMonths } from './migrations/0006-stock-months';
import { accounts } from './migrations/0007-accounts';
import { productSearch } from './migrations/0008-product-search';
import { apiKeyScopes } from './migrations/0009-api-key-scopes';
import { payments } from './migrations/0010-payments';
import { approvals } from './migrations/0011-approvals';
import { tillsAndShifts } from './migrations/0012-tills-and-shifts';
import { modifiersAndDiscounts } from './migrations/0013-modifiers-and-discounts';
import { openOrdersAndKitchen } from './migrations/0014-open-orders-and-kitchen';
import { printing } from './migrations/0015-printing';
import { offlineSelling } from './migrations/0016-offline-selling';
import { catalogVersions } from './migrations/0017-catalog-versions';
import { saleDays } from './migrations/0018-sale-days';
import { stockMovementFigures } from './migrations/0019-stock-movement-figures';
import { journalHead } from './migrations/0020-journal-head';
import { productSaleDays } from './migrations/0021-product-sale-days';
import { catalogVersionFunction } from './migrations/0022-catalog-version-function';
import { authChangeNotices } from './migrations/0023-auth-change-notices';
import { productSearchIndexesDropped } from './migrations/0024-product-search-indexes-dropped';

/** Every migration, in order; listed here (not read from disk) so the bundled server carries them. */
export function migrations(kind: DbKind): Record<string, Migration> {
  return {
    '0001-initial': initial(kind),
    '0002-catalog': catalog(kind),
    '0003-stock': stock(kind),
    '0004-sales': sales(kind),
    '0005-report-indexes': reportIndexes(),
    '0006-stock-months': stockMonths(),
    '0007-accounts': accounts(kind),
    '0008-product-search': productSearch(kind),
    '0009-api-key-scopes': apiKeyScopes(),
    '0010-payments': payments(),
    '0011-approvals': approvals(kind),
    '0012-tills-and-shifts': tillsAndShifts(kind),
    '0013-modifiers-and-discounts': modifiersAndDiscounts(kind),
    '0014-open-orders-and-kitchen': openOrdersAndKitchen(kind),
    '0015-printing': printing(kind),
    '0016-offline-selling': offlineSelling(kind),
    '0017-catalog-versions': catalogVersions(kind),
    '0018-sale-days': saleDays(),
    '0019-stock-movement-figures': stockMovementFigures(),
    '0020-journal-head': journalHead(),
    '0021-product-sale-days': productSaleDays(),
    '0022-catalog-version-function': catalogVersionFunction(kind),
    '0023-auth-change-notices': authChangeNotices(kind),
    '0024-product-search-indexes-dropped': productSearchIndexesDropped(kind),
  };
}

export async function migrateToLatest(db: Kysely<Database>, kind: DbKind): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations(kind) } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
