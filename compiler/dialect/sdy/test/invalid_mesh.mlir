// RUN: axle-opt %s --split-input-file --verify-diagnostics

// Mesh verifier: unique axis names, positive sizes, device ids that are a
// permutation of the devices (or one id for a maximal mesh).

// expected-error @+1 {{mesh axis "x" has size 0; sizes must be positive}}
sdy.mesh @mesh = <["x"=0]>

// -----

// expected-error @+1 {{mesh axis "y" has size -2; sizes must be positive}}
sdy.mesh @mesh = <["x"=2, "y"=-2]>

// -----

// expected-error @+1 {{mesh axis "x" is declared twice}}
sdy.mesh @mesh = <["x"=2, "y"=2, "x"=4]>

// -----

// expected-error @+1 {{mesh has 4 devices but device_ids lists 3}}
sdy.mesh @mesh = <["x"=2, "y"=2], device_ids=[0, 1, 2]>

// -----

// expected-error @+1 {{device id 2 appears twice}}
sdy.mesh @mesh = <["x"=4], device_ids=[2, 0, 2, 1]>

// -----

// expected-error @+1 {{device id 4 is out of range for a mesh of 4 devices}}
sdy.mesh @mesh = <["x"=4], device_ids=[4, 0, 2, 1]>

// -----

// expected-error @+1 {{device id -1 is negative}}
sdy.mesh @mesh = <[], device_ids=[-1]>

// -----

// expected-error @+1 {{a mesh without axes takes at most one device id, got 2}}
sdy.mesh @mesh = <[], device_ids=[0, 1]>

// -----

// expected-error @+1 {{the product of the mesh axis sizes overflows}}
sdy.mesh @mesh = <["x"=4294967296, "y"=4294967296]>

// -----

func.func @nested() {
  // expected-error @+1 {{'sdy.mesh' op expects parent op 'builtin.module'}}
  sdy.mesh @mesh = <["x"=2]>
  return
}

// -----

sdy.mesh @mesh = <["x"=2]>
// expected-error @+2 {{redefinition of symbol named 'mesh'}}
// expected-note @-2 {{see existing symbol definition here}}
sdy.mesh @mesh = <["y"=2]>
