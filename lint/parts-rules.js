// The rules a part may not break (decisions 054, 066), as ESLint rules for every `*-part.tsx` (eslint.config.js). A
// part is rendered twice: in the page kept for everyone, and alone on the server for each reader or search. What it
// renders must depend only on its props, its page's shared loader data, the address and `usePersonalData`.

/** `useId` gives ids by the component's place in the tree: rendered alone, a part would give others than in the page. */
const noUseId = {
  meta: {
    type: "problem",
    docs: { description: "A personal or address part may not call useId" },
    messages: {
      useId: "A part is rendered alone on the server, where useId gives other ids than in the page: give the element an id made from its props (decision 054).",
    },
    schema: [],
  },
  create(context) {
    return {
      CallExpression(node) {
        const callee = node.callee;
        const name = callee.type === "Identifier" ? callee.name : callee.type === "MemberExpression" && !callee.computed ? callee.property.name : null;
        if (name === "useId") context.report({ node, messageId: "useId" });
      },
    };
  },
};

/**
 * The root loader's data is the anonymous visitor's on a kept page (its viewer is null): a part that read who is signed
 * in there would show a signed-in reader as signed out. `usePersonalData` is the reader's, wherever the part renders.
 */
const noRootViewer = {
  meta: {
    type: "problem",
    docs: { description: "A part reads the reader through usePersonalData, never the root loader's data" },
    messages: {
      root: "A part reads who is signed in and what they saved with usePersonalData (components/personal/personal-data.tsx), not the root loader's data, which a kept page has for an anonymous visitor.",
      matches: "useMatches gives every route's loader data, the root's included: read a route's shared data with useRouteLoaderData(<route id>), the reader with usePersonalData.",
    },
    schema: [],
  },
  create(context) {
    /** The route id a call names: a string, or a constant of this file holding one (an imported one is taken as written). */
    const routeIdOf = (node) => {
      if (node?.type === "Literal") return node.value;
      if (node?.type !== "Identifier") return undefined;
      const variable = context.sourceCode.getScope(node).references.find((reference) => reference.identifier === node)?.resolved;
      const init = variable?.defs[0]?.node.init;
      return init?.type === "Literal" ? init.value : undefined;
    };
    return {
      CallExpression(node) {
        const callee = node.callee;
        const name = callee.type === "Identifier" ? callee.name : callee.type === "MemberExpression" && !callee.computed ? callee.property.name : null;
        if (name === "useRouteLoaderData" && (node.arguments.length === 0 || routeIdOf(node.arguments[0]) === "root")) context.report({ node, messageId: "root" });
        if (name === "useMatches") context.report({ node, messageId: "matches" });
      },
    };
  },
};

export const partsPlugin = { meta: { name: "project-parts" }, rules: { "no-use-id": noUseId, "no-root-viewer": noRootViewer } };
