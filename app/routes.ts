import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("tools", "routes/tools.tsx"),
  route("tools/seo-comparison", "routes/tools.seo-comparison.tsx"),
  route("tools/category/:slug", "routes/tools.category.tsx"),
  route("tools/:slug", "routes/tools.detail.tsx"),
  route("images/tools/:file", "routes/images.tools.ts"),
  route("auth", "routes/auth.tsx"),
  route("auth/verify-email", "routes/auth.verify-email.tsx"),
  route("auth/reset-password", "routes/auth.reset-password.tsx"),
  route("auth/sign-out", "routes/auth.sign-out.ts"),
  route("profile", "routes/profile.tsx", { id: "profile" }),
  route("favorites", "routes/profile.tsx", { id: "favorites" }),
  route("my-reviews", "routes/profile.tsx", { id: "my-reviews" }),
  route("settings", "routes/settings.tsx"),
  route("settings/export", "routes/settings.export.ts"),
  route("uploads/*", "routes/uploads.ts"),
  route("api/health", "routes/api.health.ts"),
  route("resources/theme", "routes/resources.theme.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
