import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { Field } from "~/components/ui/form-parts";
import { Input, Label } from "~/components/ui/input";
import type { Reply } from "~/lib/reply";

type Profile = { name: string; username: string | null; website: string | null; image: string | null };

/** Edit Profile (spec §2.10): a plain multipart form, so it works without JavaScript; a refusal keeps what was typed. */
export function EditProfileForm({ profile, result }: { profile: Profile; result?: Reply }) {
  const busy = useNavigation().state === "submitting";
  const errors = result?.fieldErrors ?? {};
  const values = result?.values ?? {};
  return (
    <Card>
      <CardContent className="pt-6">
        <h2 className="mb-4 text-lg font-semibold">Edit Profile</h2>
        <Form method="post" encType="multipart/form-data" className="grid gap-4" aria-label="Edit profile">
          <Field id="profile-name" name="name" label="Display name" required maxLength={80} defaultValue={values.name ?? profile.name} error={errors.name} autoComplete="name" />
          <Field
            id="profile-username"
            name="username"
            label="Username"
            required
            maxLength={30}
            pattern="[A-Za-z0-9_]{3,30}"
            hint="3 to 30 letters, digits or underscores."
            defaultValue={values.username ?? profile.username ?? ""}
            error={errors.username}
            autoComplete="username"
          />
          <Field
            id="profile-website"
            name="website"
            type="url"
            label="Website"
            maxLength={200}
            placeholder="https://example.com"
            hint="Starts with http:// or https://. Leave empty for none."
            defaultValue={values.website ?? profile.website ?? ""}
            error={errors.website}
          />
          <div className="grid gap-1.5">
            <Label htmlFor="profile-avatar">Avatar</Label>
            <Input id="profile-avatar" name="avatar" type="file" accept="image/jpeg,image/png,image/gif,image/webp" aria-describedby="profile-avatar-hint" />
            <p id="profile-avatar-hint" className="text-xs text-muted-foreground">
              JPEG, PNG, GIF or WebP, up to 5MB. We crop it to a square and remove its metadata.
            </p>
            {errors.avatar && <p className="text-sm font-medium text-destructive">{errors.avatar}</p>}
            {profile.image && (
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="removeAvatar" className="size-4" /> Remove my picture
              </label>
            )}
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={busy}>
              {busy ? "Saving..." : "Save Profile"}
            </Button>
            <Button asChild variant="outline">
              <Link to="?" replace>
                Cancel
              </Link>
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}
