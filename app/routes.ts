/**
 * Every screen of the spec (section 2, Routes), one module per screen.
 * Dashboard fixed route words contain `_`, which a journal URI never does, so
 * `/dashboard/{journal}/...` can never shadow them (docs/product/data.md#tables).
 */
import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("journals", "routes/journals.tsx"),
  route("journal/:journalUrl", "routes/journal.tsx"),
  route("journal/:journalUrl/update-policy", "routes/update-policy.tsx"),
  route("journal/:journalUrl/:volume/:issue", "routes/issue.tsx"),
  route("journal/:journalUrl/:paper", "routes/paper.tsx"),
  route("journal/:journalUrl/:paper/fulltext", "routes/paper-fulltext.tsx"),
  route("journal/:journalUrl/:paper/version/:version", "routes/paper-version.tsx"),
  route("proceedings", "routes/proceedings.tsx"),
  route("proceedings/:slug", "routes/proceeding.tsx"),
  route("proceedings/:slug/:paper", "routes/proceeding-paper.tsx"),
  route("proceedings/:slug/:paper/fulltext", "routes/proceeding-paper-fulltext.tsx"),
  route("proceedings/:slug/:paper/version/:version", "routes/proceeding-paper-version.tsx"),
  route("categories", "routes/categories.tsx"),
  route("contact", "routes/contact.tsx"),
  route("accessibility", "routes/accessibility.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("search", "routes/search.tsx"),
  route("manager", "routes/manager.tsx"),
  route("registration", "routes/registration.tsx"),
  route("forgot-password", "routes/forgot-password.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("confirm-admin", "routes/confirm-admin.tsx"),
  route("logout", "routes/logout.tsx"),
  // the editorial workflow (issue 31, decision 400): authors and reviewers
  route("author-signup", "routes/workflow/author-signup.tsx"),
  route("confirm-email", "routes/workflow/confirm-email.tsx"),
  route("submissions", "routes/workflow/submissions.tsx"),
  route("submissions/:id", "routes/workflow/submission.tsx"),
  route("submit/:journal", "routes/workflow/submit.tsx"),
  route("review", "routes/workflow/review.tsx"),
  layout("routes/dashboard/layout.tsx", [
    route("dashboard", "routes/dashboard/journals.tsx"),
    route("dashboard/create_journal/:section?", "routes/dashboard/create-journal.tsx"),
    route("dashboard/edit_journal/:journal", "routes/dashboard/edit-journal.tsx"),
    route("dashboard/:journal/publications", "routes/dashboard/publications.tsx"),
    route("dashboard/create_publication/:journal", "routes/dashboard/create-publication.tsx"),
    route("dashboard/paper_submission/:journal", "routes/dashboard/paper-submission.tsx"),
    route("dashboard/:journalUrl/:volume/:issue", "routes/dashboard/publication.tsx"),
    route("dashboard/edit_paper/:journal/:paper", "routes/dashboard/edit-paper.tsx"),
    route(
      "dashboard/edit_publication/:journal/:publication",
      "routes/dashboard/edit-publication.tsx",
    ),
    route("dashboard/proceedings", "routes/dashboard/proceedings.tsx"),
    route("dashboard/create_proceeding", "routes/dashboard/create-proceeding.tsx"),
    route("dashboard/edit_proceeding/:proceeding", "routes/dashboard/edit-proceeding.tsx"),
    route("dashboard/proceeding_papers/:proceeding", "routes/dashboard/proceeding-papers.tsx"),
    route(
      "dashboard/add_proceeding_paper/:proceeding",
      "routes/dashboard/add-proceeding-paper.tsx",
    ),
    route(
      "dashboard/edit_proceeding_paper/:proceeding/:paper",
      "routes/dashboard/edit-proceeding-paper.tsx",
    ),
    route("dashboard/partners", "routes/dashboard/partners.tsx"),
    route("dashboard/managers", "routes/dashboard/managers.tsx"),
    route("dashboard/account", "routes/dashboard/account.tsx"),
    route("dashboard/statistics", "routes/dashboard/statistics.tsx"),
    route("dashboard/submissions_queue/:journal", "routes/dashboard/submissions-queue.tsx"),
    route("dashboard/editor_submission/:submission", "routes/dashboard/editor-submission.tsx"),
    route("dashboard/mail_templates/:journal", "routes/dashboard/mail-templates.tsx"),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
