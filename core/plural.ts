/** A count with its noun, singular for one: `plural(1, "commit")` is "1 commit", `plural(2, "person", "people")` "2 people". */
export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
