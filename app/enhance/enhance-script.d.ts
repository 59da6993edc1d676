/** The address of the reading pages' one script (vite.config.ts, `enhanceScript`). */
declare module "virtual:enhance-script" {
  const url: string;
  export default url;
}
