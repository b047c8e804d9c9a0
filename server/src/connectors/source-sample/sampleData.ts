// The sample source's data, drawn from a seed: the same seed and hour give the same rows on every
// machine, so a resumed or repeated sync never invents different history. New rows exist for each
// whole hour that has passed, which is what makes incremental syncs bring something new.
import { seeded } from '../../platform/random/seededRandom.js';

export const CUSTOMER_COUNT = 1500;
const FIRST_NAMES = ['Ada', 'Ben', 'Chloé', 'Dmitri', 'Eva', 'Farah', 'Gus', 'Hana', 'Ivo', 'Jon', 'Kemi', 'Lars', 'Mia', 'Noor'];
const LAST_NAMES = ['Adams', 'Berg', 'Costa', 'Dubois', 'Eze', 'Fischer', 'García', 'Haddad', 'Ito', 'Jensen', 'Patel', 'Rossi'];
const COUNTRIES = ['GB', 'US', 'DE', 'FR', 'NL', 'SE', 'ES', 'IT', 'IE', 'PL'];
// The catalogue of the sample warehouse's shop (same products in the same order, so ids agree).
const CATALOGUE: ReadonlyArray<readonly [string, readonly string[], number]> = [
  ['Coffee', ['Espresso Beans', 'Filter Blend', 'Decaf Roast', 'Single Origin Kenya', 'Cold Brew Pack', 'Ethiopia Yirgacheffe'], 12],
  ['Tea', ['Breakfast Tea', 'Earl Grey', 'Sencha', 'Rooibos', 'Chai Spice', 'Peppermint'], 7],
  ['Equipment', ['Pour-over Kit', 'Burr Grinder', 'Milk Jug', 'Kettle', 'Scale', 'French Press', 'Aeropress'], 35],
  ['Cups', ['Travel Mug', 'Espresso Cup Set', 'Latte Glass', 'Ceramic Mug'], 14],
  ['Subscriptions', ['Monthly Coffee Box', 'Tea of the Month', 'Office Bundle'], 28],
];
const PRODUCTS = CATALOGUE.flatMap(([category, names, base]) => names.map((name, index) => [name, category, base + index] as const));
const STATUSES = ['placed', 'shipped', 'completed', 'returned'];
const METHODS = ['card', 'paypal', 'bank_transfer', 'gift_card'];
const CHANNELS = ['email', 'chat', 'phone'];
const PRIORITIES = ['low', 'normal', 'high', 'urgent'];
const SUBJECTS = ['Where is my order?', 'Refund request', 'Damaged item', 'Change of address', 'Subscription question'];
const PAGES = ['/', '/shop', '/shop/coffee', '/shop/tea', '/cart', '/checkout', '/account'];
const EVENTS = ['page_view', 'page_view', 'page_view', 'add_to_cart', 'checkout_started', 'heartbeat'];

const HOUR = 3_600_000;
/** Ids of generated rows start above anything the sample warehouse was created with. */
const ID_BASE = 100_000_000;
const EPOCH_HOUR = Date.UTC(2020, 0, 1) / HOUR;

/** Warehouse text for a timestamp without time zone (UTC). */
const at = (time: number) => new Date(time).toISOString().replace('Z', '');

export interface HourRows {
  orders: Array<Record<string, unknown>>;
  orderItems: Array<Record<string, unknown>>;
  payments: Array<Record<string, unknown>>;
  tickets: Array<Record<string, unknown>>;
  events: Array<Record<string, unknown>>;
}

/** Everything that happened in the hour starting at `hourStart` (a whole UTC hour). */
export function hourRows(seed: string, hourStart: number, ordersPerHour: number, loadedAt: number): HourRows {
  const random = seeded(`${seed}:${hourStart}`);
  const hourIndex = hourStart / HOUR - EPOCH_HOUR;
  const loaded = at(loadedAt);
  const rows: HourRows = { orders: [], orderItems: [], payments: [], tickets: [], events: [] };
  const orderCount = Math.max(0, Math.round(random.jitter(ordersPerHour, 0.4)));
  for (let index = 0; index < orderCount; index += 1) {
    const id = ID_BASE + hourIndex * 1000 + index;
    const orderedAt = hourStart + random.int(0, HOUR - 1);
    const customerId = random.int(1, CUSTOMER_COUNT);
    rows.orders.push({
      id,
      customer_id: customerId,
      ordered_at: at(orderedAt),
      status: random.pick(STATUSES),
      shipping_country: random.pick(COUNTRIES),
      _loaded_at: loaded,
    });
    let total = 0;
    const items = random.int(1, 3);
    for (let item = 0; item < items; item += 1) {
      const productId = random.int(1, PRODUCTS.length);
      const quantity = random.int(1, 3);
      const price = PRODUCTS[productId - 1]?.[2] ?? 10;
      total += price * quantity;
      rows.orderItems.push({ id: id * 10 + item, order_id: id, product_id: productId, quantity, unit_price: price, _loaded_at: loaded });
    }
    rows.payments.push({
      id,
      order_id: id,
      payment_method: random.pick(METHODS),
      amount_cents: Math.round(total * 100),
      created_at: at(orderedAt + random.int(1, 300) * 1000),
      _loaded_at: loaded,
    });
  }
  const ticketCount = random.int(0, 2);
  for (let index = 0; index < ticketCount; index += 1) {
    const openedAt = hourStart + random.int(0, HOUR - 1);
    const closed = random.next() < 0.6;
    rows.tickets.push({
      id: ID_BASE + hourIndex * 10 + index,
      customer_id: random.int(1, CUSTOMER_COUNT),
      opened_at: at(openedAt),
      closed_at: closed ? at(openedAt + random.int(10, 600) * 60_000) : null,
      channel: random.pick(CHANNELS),
      priority: random.pick(PRIORITIES),
      status: closed ? 'closed' : 'open',
      subject: random.pick(SUBJECTS),
    });
  }
  const eventCount = random.int(20, 40);
  for (let index = 0; index < eventCount; index += 1) {
    const signedIn = random.next() < 0.4;
    rows.events.push({
      event_id: `sample-${hourIndex}-${index}`,
      anonymous_id: `anon-${random.int(1, 5000)}`,
      customer_id: signedIn ? random.int(1, CUSTOMER_COUNT) : null,
      event_type: random.pick(EVENTS),
      page_path: random.pick(PAGES),
      occurred_at: at(hourStart + random.int(0, HOUR - 1)),
      _loaded_at: loaded,
    });
  }
  return rows;
}

export function customers(seed: string, loadedAt: number): Array<Record<string, unknown>> {
  const random = seeded(`${seed}:customers`);
  return Array.from({ length: CUSTOMER_COUNT }, (_, index) => {
    const first = random.pick(FIRST_NAMES);
    const last = random.pick(LAST_NAMES);
    return {
      id: index + 1,
      first_name: first,
      last_name: last,
      email: `${first}.${last}.${index + 1}@example.com`
        .toLowerCase()
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, ''),
      country_code: random.pick(COUNTRIES),
      created_at: at(Date.UTC(2024, 0, 1) + random.int(0, 600) * 86_400_000),
      _loaded_at: at(loadedAt),
    };
  });
}

export function products(loadedAt: number): Array<Record<string, unknown>> {
  return PRODUCTS.map(([name, category, price], index) => ({
    id: index + 1,
    sku: `${category.slice(0, 3).toUpperCase()}-${String(index + 1).padStart(3, '0')}`,
    name,
    category,
    price,
    is_active: true,
    _loaded_at: at(loadedAt),
  }));
}

export const wholeHour = (time: number) => Math.floor(time / HOUR) * HOUR;
export { HOUR };
