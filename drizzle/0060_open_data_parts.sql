-- The open-data files are stored gzipped only, in parts of a megabyte (decision 096): a row per part, named by the
-- file. The plain copies of earlier generations go; their gzipped copies become part 0 under the file's name.
ALTER TABLE "open_data_files" DROP CONSTRAINT "open_data_files_generation_name_pk";
--> statement-breakpoint
DELETE FROM "open_data_files" WHERE "name" NOT LIKE '%.gz';
--> statement-breakpoint
UPDATE "open_data_files" SET "name" = left("name", -3);
--> statement-breakpoint
ALTER TABLE "open_data_files" ADD COLUMN "part" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "open_data_files" ALTER COLUMN "part" DROP DEFAULT;
--> statement-breakpoint
ALTER TABLE "open_data_files" ADD CONSTRAINT "open_data_files_generation_name_part_pk" PRIMARY KEY("generation","name","part");
