import pg from 'pg';

// COUNT(*) and SUM() come back as int8/numeric: read them as JS numbers (shop-sized figures). Set on
// every thread that reads PostgreSQL (the main thread, the export writer: pg-export-worker.ts).
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(1700, (v) => Number.parseFloat(v));
