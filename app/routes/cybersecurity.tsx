import type { RouteHandle } from "~/lib/route-handle";
import { cardOnPage } from "~/lib/tool/card-on-page";
import { Link } from "react-router";
import { JsonLd } from "~/components/json-ld";
import { ToolCard } from "~/components/tool/tool-card";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Icon, type IconName } from "~/components/ui/icon";
import { useSiteUrl } from "~/components/use-site-url";
import { itemListJsonLd } from "~/lib/seo/json-ld";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { listCategoriesWithCounts } from "~/models/category/queries.server";
import { cardShown, listTopToolsInCategory } from "~/models/tool/queries.server";
import type { Route } from "./+types/cybersecurity";

/** A page to read: sent without React's client (decision 049). */
export const handle = { cache: "shared-with-personal-parts", hydrate: false as const } satisfies RouteHandle;

const CATEGORY = "cybersecurity";
/** Spec part 2 §2.6: six recommended security tools. */
const RECOMMENDED = 6;

export async function loader() {
  const [tools, categories] = await Promise.all([listTopToolsInCategory(CATEGORY, RECOMMENDED), listCategoriesWithCounts()]);
  // A reading page (decision 049) sends no loader data: its cards are carried whole.
  return {
    tools: tools.map((card) => cardOnPage(cardShown(card), { document: false })),
    categoryToolCount: categories.find((category) => category.slug === CATEGORY)?.toolCount ?? tools.length,
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "AI Cybersecurity Threats and Tools",
    description:
      "How attackers use AI (phishing at scale, cloned voices, poisoned data), six AI security tools from our catalogue, and practical steps for businesses and individuals.",
    path: "/cybersecurity",
    siteUrl: siteUrlOf(matches),
  });
}

const THREATS: { icon: IconName; title: string; text: string; signs: string[] }[] = [
  {
    icon: "bot",
    title: "AI-powered attacks",
    text: "Language models write convincing phishing emails in any language and tailor them to each target from public profiles, and help attackers scan for weaknesses and vary malware faster than signature lists update.",
    signs: ["Flawless, personal messages that create urgency", "Requests to move money or share sign-in codes", "Familiar senders writing from new addresses"],
  },
  {
    icon: "audio-lines",
    title: "Voice and deepfake threats",
    text: "A few seconds of recorded speech is enough to clone a voice, and video calls can be faked. In 2024 a finance employee in Hong Kong paid out about US$25 million after a video call in which the other participants were deepfakes of colleagues.",
    signs: ["A known voice asking for an unusual payment", "Pressure to skip the normal approval step", "Calls that avoid questions only the real person could answer"],
  },
  {
    icon: "database-zap",
    title: "Data poisoning",
    text: "Attackers tamper with the data AI systems learn from or read at run time: planted training examples, poisoned documents in a knowledge base, or hidden instructions in web pages that an AI assistant follows (prompt injection).",
    signs: ["An assistant citing sources you do not recognise", "Answers that change after new documents are added", "Tools acting on instructions no user gave"],
  },
];

const PRACTICES: { icon: IconName; title: string; items: string[] }[] = [
  {
    icon: "briefcase-business",
    title: "For businesses",
    items: [
      "Require phishing-resistant multi-factor authentication (passkeys or security keys) for email, finance and admin accounts.",
      "Confirm every payment or bank-detail change through a second, known channel, however urgent or senior the request sounds.",
      "Keep an inventory of the AI tools staff use and decide which data may be pasted into each.",
      "Patch and monitor laptops and servers with endpoint protection, and keep offline, tested backups.",
      "Give AI assistants the least access they need, and review what connected tools are allowed to do on their own.",
      "Train staff with current examples: AI-written phishing, cloned voices and fake video calls.",
    ],
  },
  {
    icon: "user-round",
    title: "For individuals",
    items: [
      "Use a password manager and a different password for every account, and turn on two-step sign-in.",
      "Agree a family code word for emergencies, so a cloned voice asking for money can be checked.",
      "Slow down when a message is urgent: call the person or company back on a number you already have.",
      "Keep your phone, browser and computer updated, and install apps only from official stores.",
      "Share less publicly: voice clips, birthdays and employer details make impersonation easier.",
      "Do not paste passwords, ID numbers or private documents into AI chatbots.",
    ],
  },
];

export default function CybersecurityPage({ loaderData }: Route.ComponentProps) {
  const { tools, categoryToolCount } = loaderData;
  const siteUrl = useSiteUrl();
  return (
    <main id="main">
      <JsonLd
        data={itemListJsonLd(
          tools.map((tool) => ({ name: tool.name, path: `/tools/${tool.slug}` })),
          siteUrl,
        )}
      />
      <section className="border-b bg-gradient-to-b from-secondary/60 to-background">
        <div className="mx-auto max-w-7xl px-4 py-14 text-center sm:py-20">
          <Badge variant="secondary">
            <Icon name="shield-check" className="size-3.5" /> Cybersecurity
          </Badge>
          <h1 className="mx-auto mt-5 max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl">Security in the age of AI</h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-muted-foreground">
            Attackers use AI to write better scams, clone voices and corrupt the data AI systems rely on. Defenders use it too. Here is what to watch for, the tools worth a look
            and the habits that help most.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Button asChild size="lg">
              <a href="#security-tools">
                See Security Tools <Icon name="arrow-right" />
              </a>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/blog/category/cybersecurity">
                <Icon name="book-open" /> Security Articles
              </Link>
            </Button>
          </div>
        </div>
      </section>

      <section aria-labelledby="threats-heading" className="mx-auto max-w-7xl px-4 py-14">
        <h2 id="threats-heading" className="text-2xl font-bold">
          Threats to know about
        </h2>
        <ul className="mt-6 grid gap-4 md:grid-cols-3">
          {THREATS.map((threat) => (
            <li key={threat.title} className="flex flex-col rounded-xl border bg-card p-5 shadow-sm">
              <Icon name={threat.icon} className="size-7 text-primary" />
              <h3 className="mt-3 text-lg font-semibold">{threat.title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{threat.text}</p>
              <p className="mt-4 text-sm font-medium">Warning signs</p>
              <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
                {threat.signs.map((sign) => (
                  <li key={sign}>{sign}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </section>

      <section id="security-tools" aria-labelledby="tools-heading" className="border-y bg-muted/40">
        <div className="mx-auto max-w-7xl px-4 py-14">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <h2 id="tools-heading" className="text-2xl font-bold">
              Recommended AI security tools
            </h2>
            <Link to={`/tools/category/${CATEGORY}`} className="text-sm font-medium text-primary hover:underline">
              All {categoryToolCount} security tools
            </Link>
          </div>
          <p className="mt-2 max-w-3xl text-muted-foreground">
            {tools.length} tools of our cybersecurity category, those we have reviewed in depth first (by our rating), then by name: what each protects, who it suits and where it
            falls short.
          </p>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {tools.map((tool) => (
              <li key={tool.slug}>
                <ToolCard tool={tool} />
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="practices-heading" className="mx-auto max-w-7xl px-4 py-14">
        <h2 id="practices-heading" className="text-2xl font-bold">
          Best practices
        </h2>
        <div className="mt-6 grid gap-4 md:grid-cols-2">
          {PRACTICES.map((group) => (
            <div key={group.title} className="rounded-xl border p-5">
              <h3 className="flex items-center gap-2 text-lg font-semibold">
                <Icon name={group.icon} className="size-5 text-primary" /> {group.title}
              </h3>
              <ul className="mt-3 space-y-2 text-sm">
                {group.items.map((item) => (
                  <li key={item} className="flex gap-2">
                    <Icon name="circle-check" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
                    {item}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </section>

      <nav aria-labelledby="more-heading" className="mx-auto max-w-7xl px-4 pb-14">
        <h2 id="more-heading" className="text-2xl font-bold">
          Keep going
        </h2>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          <li>
            <Link to={`/tools/category/${CATEGORY}`} className="flex h-full flex-col rounded-lg border p-4 hover:bg-accent">
              <span className="flex items-center gap-1 font-medium">
                Cybersecurity tools <Icon name="arrow-right" className="size-4" />
              </span>
              <span className="mt-1 text-sm text-muted-foreground">All {categoryToolCount} security tools in the directory, with filters and comparisons.</span>
            </Link>
          </li>
          <li>
            <Link to="/blog/category/cybersecurity" className="flex h-full flex-col rounded-lg border p-4 hover:bg-accent">
              <span className="flex items-center gap-1 font-medium">
                Cybersecurity articles <Icon name="arrow-right" className="size-4" />
              </span>
              <span className="mt-1 text-sm text-muted-foreground">How defenders use AI, the new risks it brings, and what security tools do and do not fix.</span>
            </Link>
          </li>
        </ul>
      </nav>
    </main>
  );
}
