// Static files imported as text (`with { type: "text" }`) so `bun build --compile` embeds them.
declare module "*.min.js" {
  const text: string;
  export default text;
}
declare module "*/static/console.js" {
  const text: string;
  export default text;
}
declare module "*.css" {
  const text: string;
  export default text;
}
