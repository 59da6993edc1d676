import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { projectRoot } from "./paths";

/**
 * The lint rules for parts (lint/parts-rules.js) fire on a part file with the project's own configuration, and only
 * there: a component that is not a part may use useId and the root loader's data.
 */
const eslint = new ESLint({ cwd: projectRoot });

async function partRulesBroken(code: string, filePath: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((message) => message.ruleId?.startsWith("project-parts/")).map((message) => message.ruleId);
}

const BREAKS_BOTH = `import { useId } from "react";
import { useRouteLoaderData } from "react-router";
import { personalPart } from "~/components/personal/personal-part";

export const BadPart = personalPart("bad", function Bad() {
  const id = useId();
  const root = useRouteLoaderData("root") as { viewer: { name: string } | null } | undefined;
  return <p id={id}>{root?.viewer?.name}</p>;
});
`;

const KEEPS_BOTH = `import { useRouteLoaderData } from "react-router";
import { personalPart } from "~/components/personal/personal-part";
import { usePersonalData } from "~/components/personal/personal-data";

export const GoodPart = personalPart("good", function Good({ toolSlug }: { toolSlug: string }) {
  const page = useRouteLoaderData("routes/tools.detail") as { detail: { tool: { name: string } } } | undefined;
  return <p id={\`good-\${toolSlug}\`}>{usePersonalData().viewer?.name ?? page?.detail.tool.name}</p>;
});
`;

describe("the lint rules for personal and address parts", () => {
  it("refuse useId and the root loader's data in a part", async () => {
    expect(await partRulesBroken(BREAKS_BOTH, "app/components/tool/bad-part.tsx")).toEqual(["project-parts/no-use-id", "project-parts/no-root-viewer"]);
    const rootById = `import { useRouteLoaderData } from "react-router";\nconst ROOT = "root";\nexport function Y() { return useRouteLoaderData(ROOT) ? 1 : 0; }\n`;
    expect(await partRulesBroken(rootById, "app/components/a/y-part.tsx")).toEqual(["project-parts/no-root-viewer"]);
    expect(await partRulesBroken(`import { useMatches } from "react-router";\nexport function X() { return useMatches().length; }\n`, "app/components/a/x-part.tsx")).toEqual([
      "project-parts/no-root-viewer",
    ]);
  });

  it("let a part read its page's data by route id and the reader through usePersonalData, and leave other components alone", async () => {
    expect(await partRulesBroken(KEEPS_BOTH, "app/components/tool/good-part.tsx")).toEqual([]);
    expect(await partRulesBroken(BREAKS_BOTH, "app/components/tool/tool-card.tsx")).toEqual([]);
  });
});
