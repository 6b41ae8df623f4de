import type { Span } from "../js/objects.ts";
import type { GoContext } from "./types.ts";

/** The keyed fields of the composite literal whose `{` is at `open` (`huma.Operation{Method: ..., Path: ...}`): each field's value by its name. */
export function literalFields(ctx: GoContext, open: number): Map<string, Span> {
  return new Map(ctx.arguments(open).flatMap((field): [string, Span][] => {
    const key = /^\s*([A-Za-z_]\w*)\s*:\s*/.exec(ctx.code.slice(field.start, field.end));
    return key ? [[key[1]!, { start: field.start + key[0].length, end: field.end }]] : [];
  }));
}
