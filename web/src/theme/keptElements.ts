// What Chakra's factory works out for a styled element, kept across the gateway's renders (the
// renderer's build only: web/vite.config.ts, chakraElementsOnce, calls this from the factory).
//
// At every render of every styled element Chakra's factory splits its props four ways (each prop
// asked whether it is forwarded, a variant or a style property), resolves the styles, merges the
// class names and copies the forwarded props one by one, asking again of each: ~20 % of a product
// page's render. All of that is decided by the props' names, and the styles and class name by the
// values of the props that are not forwarded. So the factory's answer is kept per styled component
// and theme system in two steps: by the element's prop names, what each forwarded prop becomes and
// which props make its style; then by those props' values, the class name and Emotion's
// serialised styles. The next element with the same names and style values is written from the
// kept answer: its forwarded props (whatever their values: text, links, handlers) copied in the
// order Chakra's loop copies them, the kept class, and the styles inserted into the page's cache
// as Chakra's factory inserts them (an element that takes its child's place, asChild, then does
// so as Chakra's factory does). Anything the kept answer cannot repeat exactly is left to Chakra:
// a style value that is a function or an element, a class of the page's own Emotion elements
// named in className (Chakra merges its styles in).

/** What Chakra's factory made of one element: the tag it rendered, its class, its serialised styles. */
export interface KeptElement {
  tag: unknown;
  className: string;
  serialized: unknown;
}

/** One set of prop names: what each forwarded prop is written as, and the props that make the style. */
interface Shape {
  /** [the prop written, the prop it comes from] in the order Chakra writes them. */
  copy: [written: string, from: string][];
  /** The props whose values decide the class, the tag and the styles (everything not forwarded as it is). */
  styleKeys: string[];
  answers: Map<string, KeptElement>;
}

/** Props whose value decides the class or the tag even when they are forwarded too. */
const STYLE_EVEN_IF_FORWARDED = ["className", "colorPalette", "orientation", "as", "theme", "asChild"];
/**
 * Bounds on memory (styles made from data, such as a width from a product, make answers without
 * end): prop-name sets and answers in all, answers per set, and the longest string value kept.
 */
const MAX_SHAPES = 5_000;
const MAX_ANSWERS = 20_000;
const MAX_ANSWERS_PER_SHAPE = 500;
const MAX_STRING_LENGTH = 1_000;
let shapesKept = 0;
let answersKept = 0;

const isPlain = (value: object) => {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === Array.prototype || prototype === null;
};

const REACT_ELEMENTS = new Set<unknown>([Symbol.for("react.transitional.element"), Symbol.for("react.element")]);

/**
 * Objects named by a number instead of their JSON. A component (`as={Link}`: a forwardRef or memo
 * object) by its identity. A large style object (a recipe's styles, which Chakra answers with the
 * same object each time, a constant of the shop's) by its content: the same object is not written
 * out as JSON again, and another with the same content gets the same name. Style objects handed
 * to Chakra are not changed afterwards (the shop's are literals and constants, a recipe's are
 * Chakra's own memo's answers), as Chakra's own memos assume.
 */
const named = new WeakMap<object, string>();
const nameOfContent = new Map<string, string>();
let components = 0;
const NAME_FROM_LENGTH = 100;
const MAX_NAMED_LENGTH = 50_000;
const MAX_NAMES = 2_000;

/** A style value as part of a key, or null when it cannot be one (a function, an element, a class instance, a bigint). */
function valueKey(value: unknown): string | null {
  switch (typeof value) {
    case "string":
      return value.length > MAX_STRING_LENGTH ? null : `s${value.length}:${value}`;
    case "number":
      return `n${value}`;
    case "boolean":
      return value ? "T" : "F";
    case "undefined":
      return "u";
    case "object": {
      if (value === null) return "z";
      const known = named.get(value);
      if (known !== undefined) return known;
      if ("$$typeof" in value) {
        if (REACT_ELEMENTS.has(value.$$typeof)) return null;
        const name = `@${++components}`;
        named.set(value, name);
        return name;
      }
      if (!isPlain(value)) return null;
      if (Array.isArray(value)) {
        let key = "[";
        for (const item of value) {
          const itemKey = valueKey(item);
          if (itemKey === null) return null;
          key += `${itemKey},`;
        }
        return `${key}]`;
      }
      let json: string;
      try {
        json = JSON.stringify(value);
      } catch {
        return null; // a bigint or a cycle inside: Chakra's alone
      }
      if (json.length < NAME_FROM_LENGTH) return json;
      let name = nameOfContent.get(json);
      if (name === undefined) {
        if (nameOfContent.size >= MAX_NAMES || json.length > MAX_NAMED_LENGTH) return null;
        nameOfContent.set(json, (name = `#${nameOfContent.size + 1}`));
      }
      named.set(value, name);
      return name;
    }
    default:
      return null;
  }
}

/** The props' values as one key, or null when one of them cannot be part of it. */
function valuesKey(props: Record<string, unknown>, keys: readonly string[]): string | null {
  let key = "";
  for (const name of keys) {
    const value = valueKey(props[name]);
    if (value === null) return null;
    key += `${value};`;
  }
  return key;
}

/** The props' names, in order, as one key. */
function namesKey(props: Record<string, unknown>): string {
  let key = "";
  for (const name in props) key += `${name.length}:${name}`;
  return key;
}

/** Whether a class in `className` is an Emotion class of this page's cache (Chakra's factory then merges its styles in). */
function namesRegisteredClass(cache: EmotionCacheLike, className: unknown): boolean {
  if (typeof className !== "string" || className === "") return false;
  for (const name of className.split(" ")) if (cache.registered[name] !== undefined) return true;
  return false;
}

/** The parts of Emotion's cache read here: its key (the classes' prefix) and the classes registered in it. */
interface EmotionCacheLike {
  key: string;
  registered: Record<string, unknown>;
}

function hasUndefined(props: Record<string, unknown>): boolean {
  for (const name in props) if (props[name] === undefined) return true;
  return false;
}

/** The element's props with the component's defaults, as Chakra's factory merges them (undefined props left out). */
export function withDefaults(defaults: Record<string, unknown> | undefined, props: Record<string, unknown>): Record<string, unknown> {
  // Most elements have neither defaults nor undefined props: their own props will do (only read from here on).
  if (defaults === undefined && !hasUndefined(props)) return props;
  const merged: Record<string, unknown> = { ...defaults };
  for (const name in props) if (props[name] !== undefined) merged[name] = props[name];
  return merged;
}

/** One styled component's kept answers (made once per component, in the factory's closure). */
export class KeptElements {
  private readonly shapes = new WeakMap<object, Map<string, Shape | null>>();

  /** The kept answer for an element with these props (with defaults) in this system and Emotion cache, if there is one. */
  find(system: object, cache: EmotionCacheLike, props: Record<string, unknown>): { kept: KeptElement; shape: Shape } | null {
    const shape = this.shapes.get(system)?.get(namesKey(props));
    if (!shape || namesRegisteredClass(cache, props.className)) return null;
    const values = valuesKey(props, shape.styleKeys);
    const kept = values === null ? undefined : shape.answers.get(cache.key + values);
    return kept ? { kept, shape } : null;
  }

  /** The props Chakra's factory writes for the element: the forwarded ones in its order, the kept class, the ref. */
  props(shape: Shape, kept: KeptElement, props: Record<string, unknown>, ref: unknown): Record<string, unknown> {
    const written: Record<string, unknown> = {};
    for (const [name, from] of shape.copy) written[name] = props[from];
    if (kept.className) written.className = kept.className;
    else delete written.className;
    written.ref = ref;
    return written;
  }

  /**
   * Keep what Chakra's factory made of an element (called after it made it). `resolved`: its props
   * after the split (what Chakra's loop walks); `writtenAs(prop)`: the name the loop writes a prop
   * under, or null; `repeatable`: false when the answer depends on more than the props (an Emotion
   * class of the page merged in).
   */
  remember(
    system: object,
    cache: EmotionCacheLike,
    props: Record<string, unknown>,
    resolved: Record<string, unknown>,
    writtenAs: (prop: string) => string | null,
    answer: KeptElement,
    repeatable: boolean,
  ): void {
    let bySystem = this.shapes.get(system);
    if (!bySystem) this.shapes.set(system, (bySystem = new Map()));
    const names = namesKey(props);
    let shape = bySystem.get(names);
    if (shape === undefined) {
      if (shapesKept >= MAX_SHAPES) return;
      shapesKept++;
      shape = makeShape(props, resolved, writtenAs);
      bySystem.set(names, shape);
    }
    if (shape === null || !repeatable || shape.answers.size >= MAX_ANSWERS_PER_SHAPE || answersKept >= MAX_ANSWERS) return;
    const values = valuesKey(props, shape.styleKeys);
    if (values === null) return;
    const key = cache.key + values;
    if (!shape.answers.has(key)) answersKept++;
    shape.answers.set(key, answer);
  }
}

function makeShape(props: Record<string, unknown>, resolved: Record<string, unknown>, writtenAs: (prop: string) => string | null): Shape | null {
  const copy: [string, string][] = [];
  const forwarded = new Set<string>();
  for (const prop in resolved) {
    const name = writtenAs(prop);
    if (name === null) continue;
    // Every prop Chakra forwards comes from the element's own props (children among them).
    if (prop !== "children" && !(prop in props)) return null;
    copy.push([name, prop]);
    forwarded.add(prop);
  }
  const styleKeys = Object.keys(props).filter((prop) => prop !== "children" && (!forwarded.has(prop) || STYLE_EVEN_IF_FORWARDED.includes(prop)));
  return { copy, styleKeys, answers: new Map() };
}
