//===- ObjectEmitter.cpp - LLVM dialect to an object file -----------------===//

#include "compiler/codegen/cpu/CpuPipeline.h"

#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"

#include "llvm/IR/InstIterator.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Triple.h"

namespace axle::cpu {

void initializeLLVMTargets();

std::optional<std::string> emitObjectFile(mlir::ModuleOp module,
                                          const CodegenOptions &options) {
  initializeLLVMTargets();
  mlir::DialectRegistry registry;
  mlir::registerBuiltinDialectTranslation(registry);
  mlir::registerLLVMDialectTranslation(registry);
  module->getContext()->appendDialectRegistry(registry);

  const CpuTarget &target = options.target;
  std::string error;
  llvm::Triple triple(target.triple);
  const llvm::Target *llvmTarget =
      llvm::TargetRegistry::lookupTarget(triple, error);
  if (!llvmTarget) {
    module.emitError() << "axle: " << error;
    return std::nullopt;
  }
  llvm::TargetOptions targetOptions;
  if (options.fastMath) {
    targetOptions.NoInfsFPMath = true;
    targetOptions.NoNaNsFPMath = true;
    targetOptions.NoSignedZerosFPMath = true;
    targetOptions.AllowFPOpFusion = llvm::FPOpFusion::Fast;
  }
  std::unique_ptr<llvm::TargetMachine> machine(llvmTarget->createTargetMachine(
      triple, target.cpu, target.features, targetOptions, llvm::Reloc::PIC_,
      std::nullopt, llvm::CodeGenOptLevel::Aggressive));
  if (!machine) {
    module.emitError() << "axle: cannot create a target machine for '"
                       << target.triple << "'";
    return std::nullopt;
  }

  llvm::LLVMContext llvmContext;
  std::unique_ptr<llvm::Module> llvmModule =
      mlir::translateModuleToLLVMIR(module, llvmContext, "axle");
  if (!llvmModule) {
    module.emitError() << "axle: translation to LLVM IR failed";
    return std::nullopt;
  }
  llvmModule->setTargetTriple(triple);
  llvmModule->setDataLayout(machine->createDataLayout());
  // The CPU and features apply to every function, so that the optimizer's
  // cost models and the vectorizer see the real target.
  for (llvm::Function &function : *llvmModule) {
    if (function.isDeclaration())
      continue;
    function.addFnAttr("target-cpu", target.cpu);
    if (!target.features.empty())
      function.addFnAttr("target-features", target.features);
  }

  // --fast-math: every float instruction may be reassociated, contracted
  // and assume finite, non-NaN operands.
  if (options.fastMath)
    for (llvm::Function &function : *llvmModule)
      for (llvm::Instruction &instruction : llvm::instructions(function))
        if (llvm::isa<llvm::FPMathOperator>(instruction))
          instruction.setFast(true);

  auto optimize =
      mlir::makeOptimizingTransformer(options.optLevel,
                                      /*sizeLevel=*/0, machine.get());
  if (llvm::Error err = optimize(llvmModule.get())) {
    module.emitError() << "axle: LLVM optimization failed: "
                       << llvm::toString(std::move(err));
    return std::nullopt;
  }

  llvm::SmallVector<char, 0> object;
  llvm::raw_svector_ostream stream(object);
  llvm::legacy::PassManager codegen;
  if (machine->addPassesToEmitFile(codegen, stream, nullptr,
                                   llvm::CodeGenFileType::ObjectFile)) {
    module.emitError() << "axle: the target cannot emit object files";
    return std::nullopt;
  }
  codegen.run(*llvmModule);
  return std::string(object.begin(), object.end());
}

} // namespace axle::cpu
