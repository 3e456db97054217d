package lab

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// The cluster files docs/lab.md shows are what the shards need: the
// Kubernetes Indexed Job gives each pod its shard from JOB_COMPLETION_INDEX
// out of as many as it has completions, the Slurm array from
// SLURM_ARRAY_TASK_ID, and both end in analyze merge. (The Slurm one runs
// for real in scripts/slurm-test.sh, which is opt-in.)
func TestClusterFiles(t *testing.T) {
	var docs []map[string]any
	for _, f := range []string{"../scripts/cluster/analyze-k8s.yaml", "../scripts/cluster/analyze-k8s-merge.yaml"} {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		dec := yaml.NewDecoder(bytes.NewReader(data))
		for {
			var d map[string]any
			if err := dec.Decode(&d); err == io.EOF {
				break
			} else if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			docs = append(docs, d)
		}
	}
	var shards, merge string
	completions := 0
	for _, d := range docs {
		if d["kind"] != "Job" {
			continue
		}
		spec := d["spec"].(map[string]any)
		pod := spec["template"].(map[string]any)["spec"].(map[string]any)
		c := pod["containers"].([]any)[0].(map[string]any)
		args := strings.Join(toStrings(c["command"]), " ") + " " + strings.Join(toStrings(c["args"]), " ")
		if spec["completionMode"] == "Indexed" {
			shards = args
			completions = spec["completions"].(int)
		} else {
			merge = args
		}
	}
	m := regexp.MustCompile(`--shard "\$JOB_COMPLETION_INDEX/(\d+)"`).FindStringSubmatch(shards)
	if m == nil || m[1] != "100" || completions != 100 {
		t.Errorf("the Indexed Job's shards: %q with %d completions", shards, completions)
	}
	if !strings.Contains(merge, "stackrules analyze merge /out/shard-*.json") {
		t.Errorf("the merge Job runs %q", merge)
	}

	sbatch, err := os.ReadFile("../scripts/cluster/analyze-array.sbatch")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"SLURM_ARRAY_TASK_ID", `--shard "$K/$N"`, "analyze merge"} {
		if !bytes.Contains(sbatch, []byte(want)) {
			t.Errorf("analyze-array.sbatch has no %q", want)
		}
	}
	doc, err := os.ReadFile("../docs/lab.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID", "analyze merge", "scripts/slurm-test.sh"} {
		if !bytes.Contains(doc, []byte(want)) {
			t.Errorf("docs/lab.md has no %q", want)
		}
	}
	if bash, err := exec.LookPath("bash"); err == nil {
		for _, f := range []string{"../scripts/cluster/analyze-array.sbatch", "../scripts/slurm-test.sh"} {
			if out, err := exec.Command(bash, "-n", f).CombinedOutput(); err != nil {
				t.Errorf("%s: %v\n%s", f, err, out)
			}
		}
	}
}

func toStrings(v any) []string {
	var out []string
	list, _ := v.([]any)
	for _, x := range list {
		out = append(out, x.(string))
	}
	return out
}
