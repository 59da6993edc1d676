/**
 * The audience pages (/startup-toolkit, /business-hub, /career-resources): their copy and the declarative rules
 * that choose their tools and articles from the catalogue. Nothing here names a tool: each section is a rule over
 * the tools' categories and capabilities, run by one query (models/tool/queries.server.ts `listToolsByRule`),
 * best rated first; the articles are chosen by blog category and tags (models/blog `listPostsByTopic`).
 * A new audience is one more entry here and one line in app/routes.ts.
 */
import type { BlogCategorySlug } from "../blog/blog-filters";
import type { Capability } from "./capabilities";

export type ToolRule = {
  /** Directory categories (slugs) a tool must be in. */
  categories: string[];
  /** Capabilities a tool must all have. */
  requires?: Capability[];
  /** Capabilities of which a tool must have at least one. */
  anyOf?: Capability[];
  /** At most this many tools, those with our rating first, best first (then by name, as in the directory). */
  limit: number;
};

export type AudienceSection = { id: string; heading: string; text: string; rule: ToolRule };

export type PostRule = {
  /** Articles in any of these blog categories... */
  categories: BlogCategorySlug[];
  /** ...or with any of these tags; articles matching more come first, then the newest. */
  tags: string[];
  limit: number;
};

/** Courses for the page: in any of these course categories (content/course-categories.json), free ones only when asked. */
export type CourseRule = {
  heading: string;
  text: string;
  categories: string[];
  freeOnly?: boolean;
  /** At most this many courses, best rated first (then the most students, then by title). */
  limit: number;
};

export type Audience = {
  slug: "startup-toolkit" | "business-hub" | "career-resources";
  /** The breadcrumb's and the JSON-LD's name. */
  name: string;
  /** The document title before the site name (the whole stays within 60 characters; a unit test checks). */
  title: string;
  description: string;
  heading: string;
  intro: string[];
  sections: AudienceSection[];
  courses: CourseRule;
  articles: PostRule & { heading: string };
};

export const AUDIENCES: readonly Audience[] = [
  {
    slug: "startup-toolkit",
    name: "Startup Toolkit",
    title: "Startup Toolkit: AI Tools for Founders",
    description: "AI tools with a free plan for founders launching on a budget: prototypes, brand and launch copy, research and first customers, from our reviewed catalogue.",
    heading: "Startup toolkit: AI tools for launching on a budget",
    intro: [
      "When money is short, the best tool is the one you can start using today without a contract. Every tool on this page has a free plan, so you can try it on real work before you pay for anything.",
      "The lists are not hand-picked favourites: each section takes the tools in the categories named below that have a free plan, those we have reviewed in depth first (by our rating), straight from our catalogue. Free plans change often and usually limit usage or features, so check each tool's page for what we found when we last reviewed it.",
    ],
    sections: [
      {
        id: "prototype",
        heading: "Build a prototype or landing page",
        text: "App builders and coding assistants that turn a description into working software, good enough for a waitlist, a demo or a small pilot.",
        rule: { categories: ["development", "code-assistant"], requires: ["Free plan"], limit: 6 },
      },
      {
        id: "brand",
        heading: "Brand, visuals and launch copy",
        text: "Design, image and writing tools for a logo, social posts, a pitch deck and the words on your first pages.",
        rule: { categories: ["design", "image-generation", "copywriting", "content-writing", "social-media"], requires: ["Free plan"], limit: 6 },
      },
      {
        id: "research",
        heading: "Research and planning",
        text: "Assistants and research tools for desk research, structuring interviews and organising what you learn. Check every figure they give you against its source.",
        rule: { categories: ["ai-assistant", "research", "productivity"], requires: ["Free plan"], limit: 6 },
      },
      {
        id: "customers",
        heading: "First customers and support",
        text: "A CRM and a support inbox that start free and grow with you, instead of a spreadsheet you will outgrow.",
        rule: { categories: ["crm-sales", "customer-support"], requires: ["Free plan"], limit: 4 },
      },
    ],
    courses: {
      heading: "Courses for founders",
      text: "Structured courses on running a business and finding customers online, for the skills no tool replaces.",
      categories: ["business", "digital-marketing"],
      limit: 3,
    },
    articles: { heading: "Guides for founders", categories: ["business"], tags: ["startups", "free-tools"], limit: 4 },
  },
  {
    slug: "business-hub",
    name: "Business Hub",
    title: "Business Hub: AI Tools to Automate Work",
    description: "AI tools for business owners automating routine work: workflows, sales and support, shared marketing, team assistants and security, from our catalogue.",
    heading: "Business hub: AI tools for automating the work",
    intro: [
      "Most small businesses do not need an AI strategy; they need fewer hours spent copying data between apps, answering the same questions and drafting the same emails. This page gathers the tools in our catalogue that take on that kind of work.",
      "Each section is a rule over our catalogue rather than a list we typed in: the categories named below, some narrowed to a capability that matters for a business (connections to the apps you already use, shared workspaces, single sign-on), those we have reviewed in depth first, by our rating. Start with one process, measure whether it saves time, and keep a person reviewing anything a customer will see.",
    ],
    sections: [
      {
        id: "automation",
        heading: "Automate routine work",
        text: "Productivity tools that connect to the apps you already use, so notes, tasks and hand-offs move without copying and pasting.",
        rule: { categories: ["productivity"], anyOf: ["Integrations (Zapier, Slack and others)"], limit: 6 },
      },
      {
        id: "customers",
        heading: "Sales and customer service",
        text: "CRMs and support desks with AI that drafts replies, answers common questions and keeps track of every conversation.",
        rule: { categories: ["crm-sales", "customer-support"], limit: 6 },
      },
      {
        id: "marketing",
        heading: "Marketing your team can share",
        text: "SEO, social media and writing tools with shared workspaces, so several people can plan, write and publish together.",
        rule: { categories: ["seo-marketing", "social-media", "content-writing", "copywriting"], requires: ["Team collaboration"], limit: 6 },
      },
      {
        id: "assistants",
        heading: "Assistants for the whole team",
        text: "General AI assistants that offer single sign-on and business plans, so you control who has access to what your team shares with them.",
        rule: { categories: ["ai-assistant"], requires: ["Enterprise security (SSO)"], limit: 4 },
      },
      {
        id: "security",
        heading: "Security",
        text: "Security tools that use AI to spot threats on your devices and network. Automation widens what an attacker can reach, so this belongs in the plan.",
        rule: { categories: ["cybersecurity"], limit: 3 },
      },
    ],
    courses: {
      heading: "Courses for business owners and teams",
      text: "Courses on managing work, marketing online and what AI can and cannot do for an organisation, to decide with more than a vendor's demo.",
      categories: ["business", "digital-marketing", "ai"],
      limit: 3,
    },
    articles: { heading: "Guides for business owners", categories: ["business"], tags: ["automation", "small-business", "customer-service"], limit: 4 },
  },
  {
    slug: "career-resources",
    name: "Career Resources",
    title: "Career Resources: AI Tools for Learning",
    description: "Free AI tools for learning new skills or moving into AI-adjacent work: study and research, coding practice, applications and notes, with our guides.",
    heading: "Career resources: AI tools for learning and changing careers",
    intro: [
      "Moving into AI-adjacent work, whether that is data, product, marketing or development, is mostly about learning in public: studying, practising, building small projects and showing them. The tools on this page help with each step, and all of them have a free plan.",
      "Each section takes the tools in the categories named below from our catalogue, those we have reviewed in depth first, by our rating. Use them to learn faster, not to skip the learning: an employer will ask you to explain the work in your portfolio, so make sure you can.",
    ],
    sections: [
      {
        id: "learn",
        heading: "Study and research",
        text: "Assistants that explain concepts at your level and research tools that find and summarise the papers and sources behind them.",
        rule: { categories: ["ai-assistant", "research"], requires: ["Free plan"], limit: 6 },
      },
      {
        id: "practise",
        heading: "Practise coding and build portfolio projects",
        text: "Coding assistants and app builders for exercises and small projects you can show, with free plans generous enough to learn on.",
        rule: { categories: ["code-assistant", "development"], requires: ["Free plan"], limit: 6 },
      },
      {
        id: "apply",
        heading: "CVs, cover letters and applications",
        text: "Writing assistants that check grammar and tone and help you say the same thing more clearly. Keep the facts and the voice your own.",
        rule: { categories: ["writing-assistant"], requires: ["Free plan"], limit: 3 },
      },
      {
        id: "notes",
        heading: "Notes and organisation",
        text: "Productivity tools that take your notes, recordings and documents and keep what you are learning searchable.",
        rule: { categories: ["productivity"], requires: ["Free plan"], anyOf: ["File and document upload"], limit: 3 },
      },
    ],
    courses: {
      heading: "Courses for a new career",
      text: "Courses in AI, data and security, the fields most career changers aim for. Certificates help less than projects you can show, so pair each course with something you build.",
      categories: ["ai", "data-science", "cybersecurity"],
      limit: 4,
    },
    articles: { heading: "Guides for learners and career changers", categories: ["education"], tags: ["careers", "students", "prompts"], limit: 4 },
  },
];

export function audienceBySlug(slug: string): Audience | undefined {
  return AUDIENCES.find((audience) => audience.slug === slug);
}

/** 'API access' stays; 'Team collaboration' reads 'team collaboration' inside a sentence. */
const inSentence = (capability: string) =>
  capability === "Free plan" ? "a free plan" : /^.[a-z]/.test(capability) ? capability.charAt(0).toLowerCase() + capability.slice(1) : capability;

/** A course rule in words, like the tools' rules. */
export function describeCourseRule(rule: CourseRule, categoryName: (slug: string) => string): string {
  const names = rule.categories.map(categoryName);
  const list = names.length > 1 ? `${names.slice(0, -1).join(", ")} or ${names.at(-1)}` : (names[0] ?? "any category");
  return `How we chose: ${rule.freeOnly ? "free courses" : "courses"} in ${list}, best rated first, up to ${rule.limit}.`;
}

/** A rule in words, shown under each section so readers can see how the list was made. */
export function describeRule(rule: ToolRule, categoryName: (slug: string) => string): string {
  const names = rule.categories.map(categoryName);
  const list = names.length > 1 ? `${names.slice(0, -1).join(", ")} or ${names.at(-1)}` : (names[0] ?? "any category");
  const needs = [...(rule.requires ?? []).map(inSentence), ...(rule.anyOf?.length ? [rule.anyOf.map(inSentence).join(" or ")] : [])];
  return `How we chose: tools in ${list}${needs.length ? ` with ${needs.join(" and ")}` : ""}, reviewed tools first by our rating, then by name, up to ${rule.limit}.`;
}
