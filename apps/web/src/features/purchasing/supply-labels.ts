type SupplyLike = { id: number; invoice_id?: string | null; supplier_id: number; supplier?: { name: string } | null; supplier_name?: string | null };

/** Spec 02 §2: the invoice id, or '#id' when the supply has none. */
export function invoiceLabel(supply: Pick<SupplyLike, 'id' | 'invoice_id'>): string {
  return supply.invoice_id || `#${supply.id}`;
}

/** Spec 02 §2: supplier name, else supplier_name, else '#supplier_id'. */
export function supplierLabel(supply: SupplyLike): string {
  return supply.supplier?.name || supply.supplier_name || `#${supply.supplier_id}`;
}
