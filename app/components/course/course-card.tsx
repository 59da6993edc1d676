import { LinkCheckNote } from "~/components/tool/link-check-note";
import { OutboundLink } from "~/components/tool/outbound-link";
import { StarRating } from "~/components/tool/star-rating";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/ui/cn";
import { dollars, studentsLabel, type CourseFigure } from "~/lib/course/course-filters";
import type { CourseCard as CourseCardData } from "~/models/course/queries.server";
import { formatShortDate } from "~/lib/ui/dates";

/** The page a figure was read from (decision 063): a small 'source' link after it, named for screen readers. */
function FigureSource({ course, figure, what }: { course: CourseCardData; figure: CourseFigure; what: string }) {
  const url = course.figureSources[figure];
  if (!url) return null;
  return (
    <>
      {" "}
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        data-figure-source={figure}
        aria-label={`Source of the ${what}: ${new URL(url).hostname.replace(/^www\./, "")} (opens in a new tab)`}
        className="text-xs text-primary underline-offset-4 hover:underline"
      >
        source
      </a>
    </>
  );
}

/**
 * One course (the listing's and the featured pair's). There is no course page of our own: the button leads
 * to the course on its platform through /go/course/{slug}. Figures we have not checked are not shown:
 * a course without a rating says so, one without a student count shows none.
 */
export function CourseCard({ course, featured = false }: { course: CourseCardData & { brokenLinkNote?: string | null }; featured?: boolean }) {
  const onSale = course.salePrice !== null && course.priceUsd !== null;
  return (
    <article
      {...(featured ? { "data-featured-course": course.slug } : { "data-course-slug": course.slug })}
      className={cn("flex h-full flex-col rounded-xl border bg-card p-5 shadow-sm", featured && "border-primary/40")}
    >
      <div className="flex flex-wrap items-center gap-1.5">
        <Badge variant="secondary">{course.platformName}</Badge>
        <Badge variant="outline">{course.level}</Badge>
        {course.free && <Badge variant="success">Free</Badge>}
        {onSale && <Badge variant="warning">On sale</Badge>}
        {featured && <Badge>Featured</Badge>}
      </div>
      <h3 className={cn("mt-3 font-semibold leading-snug", featured ? "text-xl" : "text-lg")}>{course.title}</h3>
      <p className="mt-1 text-sm text-muted-foreground">
        by <span className="font-medium text-foreground">{course.instructor}</span>
      </p>
      <p className={cn("mt-3 text-sm text-muted-foreground", !featured && "line-clamp-3")}>{course.description}</p>
      <dl className="mt-4 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1.5 text-sm">
        <dt className="text-muted-foreground">Rating</dt>
        <dd>
          {course.rating !== null ? (
            <span className="inline-flex flex-wrap items-center gap-x-1.5">
              <StarRating rating={course.rating} label={`Learners' rating on ${course.platformName}`} />
              <span className="text-xs text-muted-foreground">on {course.platformName}</span>
              <FigureSource course={course} figure="rating" what="rating" />
            </span>
          ) : (
            <span className="text-muted-foreground">Not rated yet</span>
          )}
        </dd>
        {course.students !== null && (
          <>
            <dt className="text-muted-foreground">Learners</dt>
            <dd>
              {studentsLabel(course.students)}
              <FigureSource course={course} figure="students" what="number of learners" />
            </dd>
          </>
        )}
        <dt className="text-muted-foreground">Duration</dt>
        <dd>
          {course.duration}
          <FigureSource course={course} figure="duration" what="duration" />
        </dd>
        <dt className="text-muted-foreground">Category</dt>
        <dd>{course.categoryName}</dd>
        <dt className="text-muted-foreground">Price</dt>
        <dd>
          {onSale && (
            <span className="mr-1.5 font-semibold">
              {dollars(course.salePrice!)} <s className="font-normal text-muted-foreground">{dollars(course.priceUsd!)}</s>
            </span>
          )}
          {course.price}
          <FigureSource course={course} figure={onSale ? "salePrice" : "price"} what="price" />
        </dd>
      </dl>
      <div className="mt-auto pt-4">
        <Button asChild className="w-full">
          <OutboundLink kind="course" slug={course.slug} aria-label={`View on ${course.platformName}: ${course.title} (opens in a new tab)`}>
            View on {course.platformName} <Icon name="external-link" />
          </OutboundLink>
        </Button>
        {course.brokenLinkNote && <LinkCheckNote text={course.brokenLinkNote} broken className="mt-2 justify-center text-xs" />}
        <p className="mt-2 text-center text-xs text-muted-foreground">
          {/* The day the writer copied the details from the platform's pages: not a check anyone repeated since (decisions 028, 063). */}
          Details from {course.platformName}, added <time dateTime={course.addedAt}>{formatShortDate(course.addedAt)}</time>; each figure links its source
        </p>
      </div>
    </article>
  );
}
