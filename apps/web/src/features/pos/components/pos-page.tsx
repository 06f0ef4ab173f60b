import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { ApprovablePermission } from '@shop/contracts/approval';
import { tillServicePercent } from '@shop/contracts/pricing';
import { fromCents, toBasisPoints, toCents } from '@shop/contracts/money';
import type { PosProduct } from '@shop/contracts/pos';
import type { Sale } from '@shop/contracts/sale';
import { ManagerApprovalDialog } from '@/components/manager-approval/manager-approval-dialog';
import { AlertBanner } from '@/components/ui/alert-banner';
import { Button } from '@/components/ui/button';
import { PageTitle } from '@/components/ui/page-title';
import { printReceipt } from '@/components/receipt/print-receipt';
import { useCan } from '@/lib/permissions';
import { useLoadErrorToast } from '@/lib/use-load-error-toast';
import { failureText } from '@/lib/error-text';
import { useShopSettings } from '@/lib/shop-settings';
import { useOnline } from '@/lib/offline/connection';
import { useStableCallback } from '@/lib/use-stable-callback';
import { isInOutbox } from '@/lib/offline/outbox';
import { catalogReach, usePosCatalog } from '../api/get-pos-catalog';
import {
  addProduct,
  approvalValid,
  changeQty,
  clearCart,
  discountsBeyondLimit,
  getCart,
  priceCart,
  removeLine,
  saleLines,
  setApproval,
  setDiscountApproval,
  setLineDiscount,
  setOrderDiscount,
  startAddingTo,
  startPaying,
  updateLine,
  useCart,
  type CartDiscount,
  type CartLine,
  type LineChoice,
} from '../cart-store';
import { DiscountDialog } from './discount-dialog';
import { choiceComplete, chosenOptions, defaultChoice, groupsOf, ModifierChooser } from './modifier-chooser';
import { orderLabel, useAddToOrder, useOpenOrders, usePlaceOrder } from '../api/open-orders';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { tillField } from '@/lib/till';
import type { OpenOrder, OpenOrderLine } from '@shop/contracts/open-order';
import { OpenOrdersDialog } from './open-orders/open-orders-dialog';
import { ParkDialog, type ParkDetails } from './open-orders/park-dialog';
import { CartPanel } from './cart-panel';
import { ChangePanel } from './change-panel';
import { KhqrDialog, type KhqrAmount, type KhqrProof } from './khqr-dialog';
import { PaymentDialog, type ConfirmKhqr, type Tender } from './payment-dialog';
import { isOutOfStock, ProductBrowser } from './product-browser';
import { useProductIndex } from './product-index';
import { useTillShiftControls } from './shift/till-shift-controls';
import { useCheckout } from '../use-checkout';
import { useTillKeys } from '../use-till-keys';

const CART_TOAST = 'pos-cart';

export function PosPage() {
  const { t } = useTranslation();
  const cart = useCart();
  const { settings } = useShopSettings();
  const catalog = usePosCatalog();
  const index = useProductIndex(catalog.data?.products);
  const online = useOnline();
  // Offline, the till sells from the catalogue it kept: a failed refresh is not worth a word.
  const catalogFailed = catalog.isError && catalog.data === undefined;
  const reach = catalogReach(catalog);
  useLoadErrorToast(catalogFailed ? catalog.error : null, catalog.errorUpdatedAt, t('❌ Failed to load products'), t);
  // A sale kept offline just before the tab closed, with its cart not yet cleared: it is sold, the cart goes.
  useEffect(() => {
    const key = getCart().pending?.key;
    if (key) void isInOutbox(key).then((kept) => kept && getCart().pending?.key === key && clearCart());
  }, []);
  const searchRef = useRef<HTMLInputElement>(null);
  const [paying, setPaying] = useState(false);

  // What the last tap added, said to a screen reader (a polite live region). Each tap puts a new
  // node in the region (`said`), so a second tap on the same card is said again, with the count.
  const [announced, setAnnounced] = useState({ text: '', said: 0 });

  // The sale just paid: its change stays on screen until the next sale starts.
  const [lastSale, setLastSale] = useState<Sale | null>(null);
  const canCredit = useCan('sales:credit');
  // The line + and − change: the one last added, or the one picked with the arrows.
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const selected = cart.lines.find((line) => line.key === selectedKey) ?? cart.lines.at(-1);

  // On a touch screen, focusing the search box would pop up the on-screen keyboard over the till.
  const lastPointer = useRef('mouse');
  useEffect(() => {
    const remember = (event: PointerEvent) => {
      lastPointer.current = event.pointerType;
    };
    window.addEventListener('pointerdown', remember, true);
    return () => window.removeEventListener('pointerdown', remember, true);
  }, []);
  const scanBoxForFocus = () => (lastPointer.current === 'touch' ? null : searchRef.current);
  const focusScanBox = () => scanBoxForFocus()?.focus({ preventScroll: true });

  // The till's cash drawer and shift; selling may wait for one (Settings → Shifts).
  const tillShift = useTillShiftControls(() => scanBoxForFocus());
  const checkout = useCheckout({
    onShiftRequired: () => {
      setPaying(false);
      tillShift.askForShift();
    },
    // The server found a discount beyond the limit without a good approval: ask, then Pay again.
    onDiscountApproval: () => {
      setPaying(false);
      setDiscountApproval(null);
      setAsking({ permission: 'sales:discount-beyond-limit', reason: discountReason(), apply: () => setPaying(true) });
    },
  });

  const { taxes, service, payments, general, khqr, discounts } = settings;
  const rates = { khrPerUsd: payments.khrPerUsd, khrChangePerUsd: payments.khrChangePerUsd ?? payments.khrPerUsd, rielStep: payments.rielStep };
  // A KHQR line is paid when the customer has scanned its code: the KHQR dialog shows it over the
  // payment dialog and hands back the proof (or nothing when the cashier cancels).
  const [khqrAsk, setKhqrAsk] = useState<{ amount: KhqrAmount; settle: (proof: KhqrProof | null) => void } | null>(null);
  const confirmKhqr: ConfirmKhqr = ({ currency, amount }) =>
    new Promise((resolve) => {
      const wanted: KhqrAmount = currency === 'KHR' ? { currency, amountKhr: amount } : { currency, amountCents: toCents(amount) };
      setKhqrAsk({ amount: wanted, settle: resolve });
    });
  const endKhqr = (proof: KhqrProof | null) => {
    khqrAsk?.settle(proof);
    setKhqrAsk(null);
  };
  const serviceDefault = tillServicePercent(service);
  const servicePercent = cart.servicePercent ?? serviceDefault;
  const taxEnabled = taxes.enabled && cart.taxEnabled;
  // Tax and service are the shop's: a cashier changes them with a Manager's approval (kept with the cart).
  const canOverride = useCan('sales:override-tax');
  const [asking, setAsking] = useState<{ permission: ApprovablePermission; reason: string; apply: () => void } | null>(null);
  const overridden = (taxes.enabled && !cart.taxEnabled) || toBasisPoints(servicePercent) !== toBasisPoints(serviceDefault);
  const overrideAllowed = canOverride || approvalValid(cart.approval);
  const pricing = priceCart(cart.lines, { taxEnabled, taxInclusive: taxes.inclusive, taxRate: taxes.rate, servicePercent, orderDiscount: cart.orderDiscount });
  // Discounts by hand: up to Settings → Discounts' limit alone, beyond it with a Manager's approval (kept with the cart).
  const canDiscount = useCan('sales:discount');
  const canDiscountBeyond = useCan('sales:discount-beyond-limit');
  const discountReason = () => t('Discount beyond {{percent}}%', { percent: discounts.maxPercent });
  // A product's options are chosen in the chooser (a new line, or a line of the cart changed).
  const [choosing, setChoosing] = useState<{ product: PosProduct; lineKey?: string; editing?: LineChoice } | null>(null);
  const [discounting, setDiscounting] = useState<{ lineKey: string } | { order: true } | null>(null);
  const groupsFor = (product: PosProduct) => groupsOf(product, catalog.data?.modifier_groups ?? []);
  const methods = payments.methods.filter((method) => method.enabled);

  // Open orders: parked carts every till sees, added to and paid from here.
  const openOrders = useOpenOrders();
  const placeOrder = usePlaceOrder();
  const addToOrder = useAddToOrder();
  const [parking, setParking] = useState(false);
  const [browsingOrders, setBrowsingOrders] = useState(false);
  // Open orders are parked, added to and paid online only (docs/decisions/0016-offline-selling.md):
  // offline, the cart keeps what it holds and says so.
  const orderOffline = !online && cart.order !== null;
  // The order's lines as the sale's: each product with its options and note.
  const orderLines = () => saleLines(getCart().lines).map(({ product_id, quantity, modifiers, note }) => ({ product_id, quantity, modifiers, note }));

  function park(details: ParkDetails) {
    placeOrder.mutate(
      { body: { ...details, lines: orderLines(), ...tillField() }, idempotencyKey: newIdempotencyKey() },
      {
        onSuccess: ({ data: order }) => {
          setParking(false);
          clearCart();
          toast.success(t('Order placed'), { description: `${orderLabel(order, t)} · ${order.code}` });
          focusScanBox();
        },
        onError: (error) => toast.error(failureText(error, t('Failed to park the order'), t) ?? t('Failed to park the order')),
      },
    );
  }

  function sendToOrder() {
    const order = getCart().order;
    if (!order || cart.lines.length === 0) return;
    addToOrder.mutate(
      { id: order.id, body: { lines: orderLines() }, idempotencyKey: newIdempotencyKey() },
      {
        onSuccess: () => {
          clearCart();
          toast.success(t('Added to the order'), { description: `${order.label} · ${order.code}` });
          focusScanBox();
        },
        onError: (error) => toast.error(failureText(error, t('Failed to add to the order'), t) ?? t('Failed to add to the order')),
      },
    );
  }

  function payOrderLines(order: OpenOrder, lines: OpenOrderLine[]) {
    const products = lines.map((line) => index.byId(line.product_id));
    const missing = lines.find((_, index) => !products[index]);
    if (missing) {
      toast.error(t('{{name}} is not on sale any more.', { name: missing.product_name }));
      return;
    }
    startPaying(
      { id: order.id, code: order.code, label: orderLabel(order, t) },
      lines.map((line, index) => ({ id: line.id, quantity: line.quantity, product: products[index]!, modifiers: line.modifiers, note: line.note })),
    );
    setBrowsingOrders(false);
    setLastSale(null);
  }

  /** `fromCard`: tapped or clicked (focus goes back to the scan box), or chosen with the keyboard (it stays). */
  function stockRefused(product: PosProduct, more: number, leaving?: CartLine): boolean {
    const inCart = cart.lines.filter((line) => line.productId === product.id && line.key !== leaving?.key).reduce((sum, line) => sum + line.qty, 0);
    if (product.track_stock && !general.allowNegativeStock && inCart + more > product.stock) {
      toast.error(t('Only {{count}} left of {{name}}', { count: Math.max(0, product.stock), name: product.name }), { id: CART_TOAST });
      return true;
    }
    return false;
  }

  /**
   * `fromCard`: tapped or clicked (focus goes back to the scan box), or chosen with the keyboard (it stays).
   * A product with options opens the chooser; a scanned one goes in with its defaults when they are enough.
   */
  function pick(product: PosProduct, fromCard?: 'pointer' | 'keyboard') {
    if (cart.order?.mode === 'pay') {
      toast.error(t('This cart pays lines of an order. Pay it or leave the order first.'), { id: CART_TOAST });
      return;
    }
    if (stockRefused(product, 1)) return;
    const groups = groupsFor(product);
    if (groups.length > 0) {
      const defaults = defaultChoice(groups);
      if (fromCard !== undefined || !choiceComplete(groups, defaults)) {
        setChoosing({ product });
        return;
      }
      return added(product, addProduct(product, { modifiers: chosenOptions(groups, defaults), note: null, qty: 1 }), fromCard);
    }
    added(product, addProduct(product), fromCard);
  }

  // The same function every render, so the product browser (memoised) is not drawn again by a tap.
  const pickStable = useStableCallback(pick);

  /**
   * A card tapped shows its line in the cart, selected; a screen reader hears it said. A scan, or
   * a product whose options were chosen, also says it in a toast: the cashier's eyes are elsewhere.
   * (A toast on every tap cost more than the tap itself on a slow tablet.)
   */
  function added(product: PosProduct, line: CartLine, fromCard?: 'pointer' | 'keyboard') {
    setSelectedKey(line.key);
    setLastSale(null);
    if (fromCard) setAnnounced((last) => ({ text: t('Added {{name}}, {{qty}} in the cart', { name: product.name, qty: line.qty }), said: last.said + 1 }));
    else toast.success(t('Added {{name}}', { name: product.name }), { id: CART_TOAST, duration: 1500 });
    if (fromCard === 'pointer') focusScanBox();
  }

  function chose(choice: LineChoice) {
    if (!choosing) return;
    const { product, lineKey } = choosing;
    const line = lineKey ? cart.lines.find((l) => l.key === lineKey) : undefined;
    if (stockRefused(product, choice.qty, line)) return;
    setChoosing(null);
    if (lineKey) setSelectedKey(updateLine(lineKey, choice));
    else added(product, addProduct(product, choice));
  }

  function edit(line: CartLine) {
    const product = index.byId(line.productId);
    if (!product) return;
    setChoosing({ product, lineKey: line.key, editing: { modifiers: line.modifiers, note: line.note, qty: line.qty } });
  }

  /** Gives (or takes back) a discount; one beyond the limit asks for a Manager first. */
  function giveDiscount(target: { lineKey: string } | { order: true }, discount: CartDiscount | null) {
    const apply = () => ('lineKey' in target ? setLineDiscount(target.lineKey, discount) : setOrderDiscount(discount));
    setDiscounting(null);
    const current = getCart();
    const lines = 'lineKey' in target ? current.lines.map((line) => (line.key === target.lineKey ? { ...line, discount } : line)) : current.lines;
    const orderDiscount = 'lineKey' in target ? current.orderDiscount : discount;
    const after = priceCart(lines, { taxEnabled, taxInclusive: taxes.inclusive, taxRate: taxes.rate, servicePercent, orderDiscount });
    if (discount && !canDiscountBeyond && !approvalValid(current.discountApproval) && discountsBeyondLimit(lines, orderDiscount, after, discounts.maxPercent)) {
      setAsking({ permission: 'sales:discount-beyond-limit', reason: discountReason(), apply });
    } else apply();
  }

  function remove(line: CartLine) {
    removeLine(line.key);
    toast.info(t('Removed {{name}}', { name: line.name }), { id: CART_TOAST, duration: 1500 });
  }

  function clear() {
    if (cart.lines.length === 0) return;
    clearCart();
    toast.info(t('Cart cleared'), { id: CART_TOAST, duration: 1500 });
    focusScanBox();
  }

  const discountBeyond = discountsBeyondLimit(cart.lines, cart.orderDiscount, pricing, discounts.maxPercent);

  function openPayment() {
    if (cart.lines.length === 0 || asking || tillShift.checkoutBlock || orderOffline) return;
    checkout.clearProblems();
    setLastSale(null);
    // An approval that ran out while the cart waited is asked for again before paying.
    const askTax = overridden && !(canOverride || approvalValid(getCart().approval));
    const askDiscount = discountBeyond && !(canDiscountBeyond || approvalValid(getCart().discountApproval));
    if (askDiscount) setAsking({ permission: 'sales:discount-beyond-limit', reason: discountReason(), apply: () => (askTax ? askForTax() : setPaying(true)) });
    else if (askTax) askForTax();
    else setPaying(true);
  }

  function askForTax() {
    setAsking({ permission: 'sales:override-tax', reason: t('Tax or service charge changed'), apply: () => setPaying(true) });
  }

  function confirm(tender: Tender) {
    const current = getCart();
    checkout.pay(
      {
        payments: tender.payments,
        change_in: tender.changeIn,
        on_account: tender.onAccount,
        items: saleLines(current.lines),
        total_amount: fromCents(pricing.totalCents),
        customer_id: current.customer?.id ?? null,
        channel: 'POS',
        tax_enabled: taxEnabled,
        service_percent: servicePercent,
        approval_token: overridden ? (current.approval?.token ?? null) : null,
        discount: current.orderDiscount,
        // Sent whenever the cart has one: the server may count a discount beyond the limit the till did not (a 403 asked for it).
        discount_approval_token: approvalValid(current.discountApproval) ? (current.discountApproval?.token ?? null) : null,
      },
      (sale, paid) => {
        setPaying(false);
        setLastSale(sale);
        toast.success(paid.order ? t('Bill paid for {{order}}', { order: paid.order.label }) : t('✅ Sale recorded successfully!'), { description: sale.code });
      },
    );
  }

  function newSale() {
    setLastSale(null);
    focusScanBox();
  }

  // While the change is up, Enter (from the empty scan box or nowhere in particular) or Escape starts the next sale.
  useEffect(() => {
    if (!lastSale || paying) return;
    function onKeyDown(event: KeyboardEvent) {
      if ((event.key !== 'Enter' && event.key !== 'Escape') || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
      const target = event.target instanceof HTMLElement ? event.target : null;
      if (target?.closest('[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]')) return;
      const inEmptyScanBox = target !== null && target === searchRef.current && searchRef.current.value === '';
      if (!inEmptyScanBox && target && target !== document.body && target.closest('input, textarea, select, button, a, [contenteditable="true"]')) return;
      setLastSale(null);
      focusScanBox();
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  });

  useTillKeys({
    scanBox: searchRef,
    enabled: !paying && !asking && !choosing && !discounting,
    onPay: openPayment,
    onClear: clear,
    onStep: (delta) => {
      if (selected) changeQty(selected.key, delta);
    },
    onMove: (delta) => {
      const index = cart.lines.findIndex((line) => line.key === selected?.key);
      const next = cart.lines[Math.min(cart.lines.length - 1, Math.max(0, index + delta))];
      if (next) setSelectedKey(next.key);
    },
  });

  const outOfStockInCart = cart.lines.some((line) => {
    const product = index.byId(line.productId);
    return product ? isOutOfStock(product) && !general.allowNegativeStock : false;
  });

  return (
    <section>
      <PageTitle
        title={t('Point of Sale')}
        actions={
          <Button variant="secondary" className="h-11" onClick={() => setBrowsingOrders(true)}>
            {t('Open orders')}
            {openOrders.data?.length ? (
              <span className="rounded-full bg-indigo-600 px-2 py-0.5 text-xs font-semibold text-white tabular-nums dark:bg-indigo-500">{openOrders.data.length}</span>
            ) : null}
          </Button>
        }
      />
      {online ? null : (
        <p id="till-offline" role="status" data-testid="till-offline" className="mb-4 rounded-xl border border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950/60 dark:text-amber-100">
          {t('Offline: keep selling. Sales are kept on this till and sent when the server is back. Open orders, approvals and refunds need the server.')}
        </p>
      )}
      {catalogFailed ? (
        <div className="mb-4">
          <AlertBanner>
            <span className="mr-2">{t('❌ Failed to load products')}</span>
            <Button variant="secondary" size="sm" onClick={() => void catalog.refetch()}>
              {t('Try again')}
            </Button>
          </AlertBanner>
        </div>
      ) : null}
      <p role="status" className="sr-only">
        <span key={announced.said}>{announced.text}</span>
      </p>
      {tillShift.element}
      {cart.order ? (
        <div role="status" className="mb-4 flex flex-wrap items-center justify-between gap-2 rounded-xl border border-indigo-200 bg-indigo-50 px-4 py-2 text-sm text-indigo-900 dark:border-indigo-900 dark:bg-indigo-950/60 dark:text-indigo-100">
          <span>
            {cart.order.mode === 'add'
              ? t('Adding to {{order}} ({{code}}): tap products, then Send to order.', { order: cart.order.label, code: cart.order.code })
              : t('Paying {{order}} ({{code}}): {{count}} lines of the order.', { order: cart.order.label, code: cart.order.code, count: cart.order.lineIds.length })}
          </span>
          <Button variant="secondary" size="sm" onClick={() => clearCart()}>
            {t('Leave the order')}
          </Button>
        </div>
      ) : null}
      {/* A column below lg (not a grid), so the cart can stick to the bottom of the screen over the products. */}
      <div className="flex flex-col gap-5 lg:grid lg:grid-cols-[minmax(0,1fr)_360px] lg:items-start">
        <ProductBrowser
          catalog={catalog.data}
          index={index}
          loading={catalog.isPending}
          complete={reach.complete}
          firstOnly={reach.firstOnly}
          allowNegativeStock={general.allowNegativeStock}
          onPick={pickStable}
          searchRef={searchRef}
        />
        <CartPanel
          cart={cart}
          pricing={pricing}
          servicePercent={servicePercent}
          taxRate={taxes.rate}
          taxInclusive={taxes.inclusive}
          taxAvailable={taxes.enabled}
          serviceDefault={serviceDefault}
          serviceMax={service.maxPercent}
          overrideAllowed={overrideAllowed}
          approvedBy={overridden && cart.approval ? cart.approval.approverName : null}
          onAskApproval={(reason, apply) => {
            // A service charge typed and left for Pay is asked for first; Pay is pressed again after.
            setPaying(false);
            setAsking({ permission: 'sales:override-tax', reason, apply });
          }}
          selectedKey={selected?.key ?? null}
          onSelect={setSelectedKey}
          onClear={clear}
          onRemove={remove}
          onEdit={edit}
          // Lines added to an open order carry no discount: the bill does, when it is paid.
          canDiscount={canDiscount && cart.order?.mode !== 'add'}
          onDiscountLine={(line) => setDiscounting({ lineKey: line.key })}
          onDiscountOrder={() => setDiscounting({ order: true })}
          onRemoveOrderDiscount={() => setOrderDiscount(null)}
          discountApprovedBy={discountBeyond && cart.discountApproval ? cart.discountApproval.approverName : null}
          onPay={openPayment}
          payBlock={
            cart.order?.mode === 'add'
              ? {
                  reason: online
                    ? t('These items go to {{order}}; it is paid when the table asks for the bill.', { order: cart.order.label })
                    : t('Offline: sending these items to {{order}} needs the server. They stay in the cart until it is back.', { order: cart.order.label }),
                  action: (
                    <Button className="h-12 flex-1 text-base" disabled={!online || cart.lines.length === 0 || addToOrder.isPending} onClick={sendToOrder} aria-describedby="pay-blocked">
                      {addToOrder.isPending ? t('Sending…') : t('Send to order')}
                    </Button>
                  ),
                }
              : cart.order?.mode === 'pay' && !online
                ? { reason: t('Offline: open orders are paid when the server is back. The order stays open; leave it to sell other items.') }
                : tillShift.checkoutBlock
          }
          locked={cart.order?.mode === 'pay'}
          payAside={
            cart.order ? null : (
              <Button
                variant="secondary"
                className="h-12 shrink-0 px-3"
                disabled={!online || cart.lines.length === 0}
                onClick={() => setParking(true)}
                aria-describedby={online ? undefined : 'till-offline'}
              >
                {t('Park order')}
              </Button>
            )
          }
          summary={lastSale ? <ChangePanel key={lastSale.id} sale={lastSale} onBrowserPrint={() => void printReceipt(lastSale, settings)} onNewSale={newSale} /> : null}
          footer={
            <>
              {cart.pending ? (
                <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800 dark:bg-amber-950 dark:text-amber-200">
                  {t('The last payment was not confirmed. Press Pay to try again: it will not be charged twice.')}
                </p>
              ) : null}
              {outOfStockInCart ? (
                <p className="text-sm text-red-700 dark:text-red-400">{t('Some items in the cart are out of stock.')}</p>
              ) : null}
            </>
          }
        />
      </div>
      {/* Dialogs are drawn only while open: closed, they would cost every tap a render. */}
      {paying ? (
        <PaymentDialog
          open
          onOpenChange={setPaying}
          totalCents={pricing.totalCents}
          methods={methods}
          rates={rates}
          khqrCurrency={khqr.currency}
          canLeaveOnAccount={canCredit && cart.customer !== null}
          confirmKhqr={confirmKhqr}
          submitting={checkout.submitting}
          problems={checkout.problems}
          onConfirm={confirm}
          fallbackFocus={scanBoxForFocus}
        />
      ) : null}
      {parking ? <ParkDialog open onOpenChange={setParking} saving={placeOrder.isPending} onPark={park} fallbackFocus={scanBoxForFocus} /> : null}
      {browsingOrders ? (
        // A fresh list each time it opens, not the order looked at last.
        <OpenOrdersDialog
          open
          onOpenChange={setBrowsingOrders}
          cartBusy={cart.lines.length > 0}
          onAdd={(order) => {
            startAddingTo({ id: order.id, code: order.code, label: orderLabel(order, t) });
            setBrowsingOrders(false);
            setLastSale(null);
          }}
          onPay={payOrderLines}
          fallbackFocus={scanBoxForFocus}
        />
      ) : null}
      {khqrAsk ? <KhqrDialog open {...khqrAsk.amount} onReceived={endKhqr} onCancel={() => endKhqr(null)} /> : null}
      {choosing ? (
        <ModifierChooser
          key={choosing.lineKey ?? choosing.product.id}
          product={choosing.product}
          groups={groupsFor(choosing.product)}
          {...(choosing.editing ? { editing: choosing.editing } : {})}
          onConfirm={chose}
          onCancel={() => setChoosing(null)}
          fallbackFocus={scanBoxForFocus}
        />
      ) : null}
      {discounting ? <DiscountEditor target={discounting} cart={cart} pricing={pricing} onGive={giveDiscount} onCancel={() => setDiscounting(null)} fallbackFocus={scanBoxForFocus} /> : null}
      {asking ? (
        <ManagerApprovalDialog
          open
          onOpenChange={(open) => {
            // An approval may ask for the next one (a discount, then tax): only this one closes.
            if (!open) setAsking((current) => (current === asking ? null : current));
          }}
          permission={asking.permission}
          reason={asking.reason}
          onApproved={(approval) => {
            const kept = { token: approval.token, approverName: approval.approver.name, expiresAt: approval.expires_at };
            if (asking?.permission === 'sales:discount-beyond-limit') setDiscountApproval(kept);
            else setApproval(kept);
            asking?.apply();
          }}
          fallbackFocus={scanBoxForFocus}
        />
      ) : null}
    </section>
  );
}

type DiscountEditorProps = {
  target: { lineKey: string } | { order: true };
  cart: ReturnType<typeof useCart>;
  pricing: ReturnType<typeof priceCart>;
  onGive: (target: DiscountEditorProps['target'], discount: CartDiscount | null) => void;
  onCancel: () => void;
  fallbackFocus: () => HTMLElement | null;
};

/** The discount dialog for a line (on what it comes to after its promotion) or the order (after the lines' own). */
function DiscountEditor({ target, cart, pricing, onGive, onCancel, fallbackFocus }: DiscountEditorProps) {
  const { t } = useTranslation();
  const index = 'lineKey' in target ? cart.lines.findIndex((line) => line.key === target.lineKey) : -1;
  const line = cart.lines[index];
  const priced = pricing.lines[index];
  if ('lineKey' in target && (!line || !priced)) return null;
  const baseCents = line && priced ? priced.grossCents - priced.promotionCents : pricing.lines.reduce((sum, l) => sum + l.grossCents - l.promotionCents - l.handCents, 0);
  return (
    <DiscountDialog
      target={line ? line.name : t('the order')}
      scope={line ? 'line' : 'order'}
      baseCents={baseCents}
      current={line ? line.discount : cart.orderDiscount}
      onApply={(discount) => onGive(target, discount)}
      onRemove={() => onGive(target, null)}
      onCancel={onCancel}
      fallbackFocus={fallbackFocus}
    />
  );
}
