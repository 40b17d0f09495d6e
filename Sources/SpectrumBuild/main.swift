import BuildSupport

BuildRunner.main(SpectrumTool.source)
