CREATE TABLE "open_data_generations" (
	"generation" text PRIMARY KEY NOT NULL,
	"pointer" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "open_data_files" (
	"generation" text NOT NULL,
	"name" text NOT NULL,
	"bytes" bytea NOT NULL,
	CONSTRAINT "open_data_files_generation_name_pk" PRIMARY KEY("generation","name")
);
--> statement-breakpoint
ALTER TABLE "open_data_files" ADD CONSTRAINT "open_data_files_generation_open_data_generations_generation_fk" FOREIGN KEY ("generation") REFERENCES "public"."open_data_generations"("generation") ON DELETE cascade ON UPDATE no action;
