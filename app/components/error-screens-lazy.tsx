import { lazy } from "react";
import { isRouteErrorResponse } from "react-router";

// The error and not-found screens (error-screens.tsx) load when a page shows one, not with every page.
// A route's error boundary renders them outside any Suspense boundary: the server waits for them
// before sending the page, and hydration or a navigation waits for their code as for the route's.
export const NotFoundScreen = lazy(() => import("./error-screens").then((module) => ({ default: module.NotFoundScreen })));
export const SomethingWentWrong = lazy(() => import("./error-screens").then((module) => ({ default: module.SomethingWentWrong })));
export const UnavailableScreen = lazy(() => import("./error-screens").then((module) => ({ default: module.UnavailableScreen })));

export const isNotFound = (error: unknown) => isRouteErrorResponse(error) && error.status === 404;

/** The database did not answer (utils/unavailable.server.ts answers 503). */
export const isUnavailable = (error: unknown) => isRouteErrorResponse(error) && error.status === 503;
