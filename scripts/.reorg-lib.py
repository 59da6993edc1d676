# One-off: app/lib/ by domain (issue 25). Moves files with git mv and rewrites every import of them. Idempotent.
import os, re, subprocess, sys, json
ROOT = '/work/main' if len(sys.argv) < 2 else sys.argv[1]
os.chdir(ROOT)
MAP = {
 'tool': 'alternatives audiences capabilities comparison comparison-csv comparison-pair freshness platforms pricing ratings tool-filters tool-logo tool-matrix tool-title writing-comparison',
 'category': 'category-icons',
 'blog': 'blog-filters document-dates local-bookmarks',
 'course': 'course-filters course-json-ld',
 'deal': 'deals',
 'seo': 'feeds json-ld llms-txt og-image redirects robots rss seo sitemap-check sitemap-validator sitemap-xml sitemaps',
 'account': 'account-nav names password-policy profile-rules roles safe-redirect',
 'admin': 'admin-nav chart-scale click-filters mailto subscriber-filters',
 'contact': 'contact',
 'newsletter': 'newsletter',
 'review': 'review-basis review-rules',
 'submission': 'submission-text submissions',
 'link-health': 'link-health outbound',
 'provenance': 'provenance',
 'vitals': 'debug-log diagnostics verification web-vitals',
 'ui': 'breadcrumbs cn contrast dates navigation paging plural theme',
}
moves = {}
for d, names in MAP.items():
    for n in names.split():
        for suffix in ('.ts', '.test.ts'):
            old = f'app/lib/{n}{suffix}'
            new = f'app/lib/{d}/{n}{suffix}'
            if os.path.exists(old):
                moves[old] = new
            elif os.path.exists(new):
                moves[old] = new  # already moved (idempotent)
# module specifier map for ~/lib/x
alias = {f'~/lib/{n}': f'~/lib/{d}/{n}' for d, names in MAP.items() for n in names.split()}
for old, new in moves.items():
    if os.path.exists(old):
        os.makedirs(os.path.dirname(new), exist_ok=True)
        subprocess.check_call(['git', 'mv', old, new])
inverse = {new: old for old, new in moves.items()}
files = subprocess.check_output(['git', 'ls-files', 'app', 'server', 'scripts', 'tests', 'bench', 'docs', 'vite.config.ts', 'vitest.config.ts']).decode().split()
files += [f for f in subprocess.check_output(['git', 'ls-files', '--others', '--exclude-standard']).decode().split()]
spec_re = re.compile(r'''((?:from|import)\s*\(?\s*["'])([^"']+)(["'])''')
def resolve(base_dir, spec):
    p = os.path.normpath(os.path.join(base_dir, spec))
    return p
changed = 0
for f in files:
    if not re.search(r'\.(ts|tsx|js|mjs)$', f) or not os.path.exists(f): continue
    s = open(f).read()
    old_location = inverse.get(f, f)
    def fix(m):
        spec = m.group(2)
        if spec.startswith('~/lib/'):
            ext = ''
            base = spec
            if base.endswith('.ts'): base, ext = base[:-3], '.ts'
            return m.group(1) + alias.get(base, base) + ext + m.group(3)
        if spec.startswith('.'):
            target = resolve(os.path.dirname(old_location), spec)
            ext = ''
            t = target
            if t.endswith('.ts'): t, ext = t[:-3], '.ts'
            cand = t + '.ts'
            cand_test = t
            new_target = None
            if cand in moves: new_target = moves[cand][:-3]
            elif os.path.exists(cand) or os.path.exists(t + '.tsx') or os.path.exists(t) or os.path.isdir(t): new_target = t
            else: return m.group(0)
            rel = os.path.relpath(new_target, os.path.dirname(f))
            if not rel.startswith('.'): rel = './' + rel
            return m.group(1) + rel + ext + m.group(3)
        return m.group(0)
    ns = spec_re.sub(fix, s)
    if ns != s:
        open(f, 'w').write(ns); changed += 1
print('moved', sum(1 for o in moves if not os.path.exists(o)), 'rewrote', changed)
