type SupplyLike = { id: number; invoice_id?: string | null; supplier_id: number; supplier?: { name: string } | null; supplier_name?: string | null };

/** The invoice id, or '#id' when the supply has none (docs/screens.md, "Purchasing"). */
export function invoiceLabel(supply: Pick<SupplyLike, 'id' | 'invoice_id'>): string {
  return supply.invoice_id || `#${supply.id}`;
}

/** Supplier name, else supplier_name, else '#supplier_id' (docs/screens.md, "Purchasing"). */
export function supplierLabel(supply: SupplyLike): string {
  return supply.supplier?.name || supply.supplier_name || `#${supply.supplier_id}`;
}
