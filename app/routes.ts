import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("tools", "routes/tools.tsx"),
  route("tools/seo-comparison", "routes/tools.seo-comparison.tsx"),
  route("tools/category/:slug", "routes/tools.category.tsx"),
  route("tools/:slug", "routes/tools.detail.tsx"),
  route("images/tools/:file", "routes/images.tools.ts"),
  route("api/health", "routes/api.health.ts"),
  route("resources/theme", "routes/resources.theme.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
