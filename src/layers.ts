import { setOwn } from "./values.js";

/** Marks a key removed in a layer (a `null` header); parameters never use it. */
export const REMOVED: unique symbol = /*#__PURE__*/ Symbol("fluent-endpoint.removed");

/**
 * A persistent map as a stack of frozen layers: each `defaults()` or builder step
 * adds one small layer over the one below instead of copying every key, so a chain
 * of n steps costs O(n), not O(n²). Plain data, frozen like the rest of the state.
 */
export interface Layered<V> {
  readonly own: Readonly<Record<string, V | typeof REMOVED>>;
  readonly below: Layered<V> | undefined;
}

// The flat view of each layer, computed on first use. Weak, so it lives only as long
// as the state that owns the layer; a view is never recomputed.
const flatViews = /*#__PURE__*/ new WeakMap<Layered<unknown>, Readonly<Record<string, unknown>>>();

/** A bottom layer: the map itself, frozen. */
export function bottomLayer<V>(own: Record<string, V>): Layered<V> {
  return Object.freeze({ own: Object.freeze(own), below: undefined });
}

/** Lays `own` over the mutable map `flat`: later values win, `REMOVED` deletes. */
export function applyLayer(flat: Record<string, unknown>, own: Readonly<Record<string, unknown>>): void {
  for (const key of Object.keys(own)) {
    const value = own[key];
    if (value === REMOVED) delete flat[key];
    else setOwn(flat, key, value);
  }
}

/**
 * `own` laid over `below`. A state that is kept (`store`) gets a new frozen layer and
 * shares everything below it; a state for one call gets a flat, unfrozen copy.
 */
export function overlay<V>(below: Layered<V>, own: Record<string, V | typeof REMOVED>, store: boolean): Layered<V> {
  if (store) return layerOver(below, own);
  const flat: Record<string, unknown> = { ...flatten(below) };
  applyLayer(flat, own);
  return { own: flat as Record<string, V>, below: undefined };
}

/** A new layer with `own` laid over `below` (both stay as they are). */
export function layerOver<V>(below: Layered<V>, own: Record<string, V | typeof REMOVED>): Layered<V> {
  return Object.freeze({ own: Object.freeze(own), below });
}

/**
 * The map a stack stands for, frozen: later layers win, `REMOVED` deletes. Built
 * once per layer, by walking down only to the nearest layer whose view is known.
 */
export function flatten<V>(layer: Layered<V>): Readonly<Record<string, V>> {
  return viewOf(layer, true);
}

/**
 * The map a stack stands for, to read once: like `flatten`, except that a stack whose
 * top one or two layers are new (a builder step or two above a known view) gets a
 * fresh map that is not cached, since a WeakMap entry per short-lived layer costs more
 * than the walk it saves.
 */
export function readView<V>(layer: Layered<V>): Readonly<Record<string, V>> {
  return viewOf(layer, false);
}

const SHORT_WALK = 2;

function viewOf<V>(layer: Layered<V>, keep: boolean): Readonly<Record<string, V>> {
  if (layer.below === undefined) return layer.own as Readonly<Record<string, V>>;
  const known = flatViews.get(layer);
  if (known !== undefined) return known as Readonly<Record<string, V>>;
  const pending: Layered<V>[] = [];
  let cursor: Layered<V> | undefined = layer;
  let base: Readonly<Record<string, unknown>> = {};
  while (cursor !== undefined) {
    const view = cursor.below === undefined ? cursor.own : flatViews.get(cursor);
    if (view !== undefined) {
      base = view;
      break;
    }
    pending.push(cursor);
    cursor = cursor.below;
  }
  const flat: Record<string, unknown> = { ...base };
  for (let i = pending.length - 1; i >= 0; i--) applyLayer(flat, pending[i]!.own);
  if (!keep && pending.length <= SHORT_WALK) return flat as Readonly<Record<string, V>>;
  Object.freeze(flat);
  flatViews.set(layer, flat);
  return flat as Readonly<Record<string, V>>;
}
