// Package k8s holds the Kubernetes manifests of sharded training and
// self-play (see deploy/README.md); its test validates them against the
// Kubernetes API types, since no cluster runs where the tests do.
package k8s

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	kjson "sigs.k8s.io/json"
	"sigs.k8s.io/yaml"
)

// manifests reads every *.yaml file of the folder, one object a file.
func manifests(t *testing.T) map[string][]byte {
	t.Helper()
	files, err := filepath.Glob("*.yaml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no manifests: %v", err)
	}
	out := map[string][]byte{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Contains(b, []byte("\n---")) {
			t.Errorf("%s: one object a file", f)
		}
		out[f] = b
	}
	return out
}

// strict decodes a manifest into v as the API server does with
// fieldValidation=Strict: field names are case-sensitive, and a field the
// API type does not have (misspelt or misplaced) or a duplicate key is an
// error.
func strict(b []byte, v any) error {
	j, err := yaml.YAMLToJSONStrict(b)
	if err != nil {
		return err
	}
	serrs, err := kjson.UnmarshalStrict(j, v)
	if err != nil {
		return err
	}
	return errors.Join(serrs...)
}

func decodeStrict(t *testing.T, name string, b []byte, v any) {
	t.Helper()
	if err := strict(b, v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

// flagValue returns the value of --name=V or --name V in args.
func flagValue(args []string, name string) (string, bool) {
	for i, a := range args {
		if v, ok := strings.CutPrefix(a, "--"+name+"="); ok {
			return v, true
		}
		if a == "--"+name && i+1 < len(args) {
			return args[i+1], true
		}
	}
	return "", false
}

func TestManifests(t *testing.T) {
	ms := manifests(t)
	jobs := map[string]*batchv1.Job{}
	claims := map[string]bool{}
	for name, b := range ms {
		var tm metav1.TypeMeta
		if err := yaml.Unmarshal(b, &tm); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		switch tm.APIVersion + " " + tm.Kind {
		case "batch/v1 Job":
			var j batchv1.Job
			decodeStrict(t, name, b, &j)
			jobs[name] = &j
		case "v1 PersistentVolumeClaim":
			var c corev1.PersistentVolumeClaim
			decodeStrict(t, name, b, &c)
			if !slices.Contains(c.Spec.AccessModes, corev1.ReadWriteMany) {
				t.Errorf("%s: the shared volume must be ReadWriteMany (pods on several nodes write to it)", name)
			}
			if _, ok := c.Spec.Resources.Requests[corev1.ResourceStorage]; !ok {
				t.Errorf("%s: no storage request", name)
			}
			claims[c.Name] = true
		default:
			t.Errorf("%s: unexpected %s %s", name, tm.APIVersion, tm.Kind)
		}
	}
	for _, want := range []string{"train-job.yaml", "train-merge-job.yaml", "selfplay-job.yaml", "selfplay-merge-job.yaml"} {
		if jobs[want] == nil {
			t.Fatalf("%s: missing", want)
		}
	}
	for name, j := range jobs {
		spec := j.Spec.Template.Spec
		if j.Name == "" || len(spec.Containers) != 1 {
			t.Fatalf("%s: want a named Job with one container", name)
		}
		if p := spec.RestartPolicy; p != corev1.RestartPolicyNever && p != corev1.RestartPolicyOnFailure {
			t.Errorf("%s: restartPolicy %q: a Job's pods need Never or OnFailure", name, p)
		}
		c := spec.Containers[0]
		if c.Image == "" || c.Resources.Requests.Cpu().IsZero() {
			t.Errorf("%s: image %q, CPU request %v", name, c.Image, c.Resources.Requests.Cpu())
		}
		// Every mount is a volume of the pod, and every volume the claim
		// of volume.yaml.
		vols := map[string]bool{}
		for _, v := range spec.Volumes {
			if v.PersistentVolumeClaim == nil || !claims[v.PersistentVolumeClaim.ClaimName] {
				t.Errorf("%s: volume %q is not the shared claim of volume.yaml", name, v.Name)
			}
			vols[v.Name] = true
		}
		if len(c.VolumeMounts) == 0 {
			t.Errorf("%s: no shared volume mounted", name)
		}
		for _, m := range c.VolumeMounts {
			if !vols[m.Name] {
				t.Errorf("%s: mount %q names no volume", name, m.Name)
			}
		}
	}

	// The Indexed Jobs: a shard a completion, --shards equal to the
	// completions, each pod writing its own file ({shard}) on the volume.
	for _, name := range []string{"train-job.yaml", "selfplay-job.yaml"} {
		j := jobs[name]
		c := j.Spec.Template.Spec.Containers[0]
		if j.Spec.CompletionMode == nil || *j.Spec.CompletionMode != batchv1.IndexedCompletion {
			t.Errorf("%s: completionMode must be Indexed (JOB_COMPLETION_INDEX is the shard)", name)
		}
		if j.Spec.Completions == nil || *j.Spec.Completions < 1 {
			t.Fatalf("%s: no completions", name)
		}
		if j.Spec.Parallelism != nil && *j.Spec.Parallelism > *j.Spec.Completions {
			t.Errorf("%s: parallelism %d above completions %d", name, *j.Spec.Parallelism, *j.Spec.Completions)
		}
		shards, ok := flagValue(c.Args, "shards")
		if n, err := strconv.Atoi(shards); !ok || err != nil || int32(n) != *j.Spec.Completions {
			t.Errorf("%s: --shards %q must equal completions %d", name, shards, *j.Spec.Completions)
		}
		if _, ok := flagValue(c.Args, "shard"); ok {
			t.Errorf("%s: --shard fixes one shard for every pod; the index comes from JOB_COMPLETION_INDEX", name)
		}
		if _, ok := flagValue(c.Args, "seed"); !ok {
			t.Errorf("%s: every shard needs the same --seed", name)
		}
		out, _ := flagValue(c.Args, "out")
		if !strings.Contains(out, "{shard}") || !strings.HasPrefix(out, c.VolumeMounts[0].MountPath+"/") {
			t.Errorf("%s: --out %q must name a file per shard ({shard}) on the shared volume (%s)", name, out, c.VolumeMounts[0].MountPath)
		}
	}
	// The merges read the folder the Indexed Jobs write.
	train := jobs["train-job.yaml"].Spec.Template.Spec.Containers[0]
	tout, _ := flagValue(train.Args, "out")
	tm := jobs["train-merge-job.yaml"].Spec.Template.Spec.Containers[0]
	if len(tm.Args) < 3 || tm.Args[0] != "leaves" || tm.Args[1] != "merge" || tm.Args[len(tm.Args)-1] != filepath.Dir(tout) {
		t.Errorf("train merge args %q: want leaves merge ... %s", tm.Args, filepath.Dir(tout))
	}
	if train.Args[0] != "leaves" || train.Args[1] != "train" {
		t.Errorf("train args %q: want leaves train ...", train.Args)
	}
	sp := jobs["selfplay-job.yaml"].Spec.Template.Spec.Containers[0]
	sout, _ := flagValue(sp.Args, "out")
	sm := jobs["selfplay-merge-job.yaml"].Spec.Template.Spec.Containers[0]
	glob := strings.ReplaceAll(sout, "{shard}", "*")
	if len(sm.Args) != 1 || !strings.Contains(sm.Args[0], "selfplay merge") || !strings.HasSuffix(sm.Args[0], " "+glob) {
		t.Errorf("selfplay merge args %q: want a merge of %s", sm.Args, glob)
	}
}

// TestStrictDecodingCatchesMistakes: the check above fails on the usual
// mistakes, so its passing means something.
func TestStrictDecodingCatchesMistakes(t *testing.T) {
	good, err := os.ReadFile("train-job.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for name, edit := range map[string]func(string) string{
		"misspelt field": func(s string) string { return strings.Replace(s, "completionMode:", "completionmode:", 1) },
		"misplaced": func(s string) string {
			return strings.Replace(s, "      restartPolicy: Never", "      restartPolicy: Never\n      parallelism: 2", 1)
		},
		"duplicate key": func(s string) string {
			return strings.Replace(s, "completions: 8", "completions: 8\n  completions: 4", 1)
		},
		"wrong type": func(s string) string { return strings.Replace(s, "completions: 8", "completions: eight", 1) },
	} {
		var j batchv1.Job
		if err := strict([]byte(edit(string(good))), &j); err == nil {
			t.Errorf("%s: decoded without error", name)
		}
	}
}
